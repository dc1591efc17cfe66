// The documented export format (docs/export-format.md). Stable: fields may be added, never renamed.
import { z } from 'zod/mini';
import { CaptureHealth, Job, Memory, MemoryEvent, Role, Usage } from './records';
import { Site } from './site';

export const ExportTurn = z.object({
  id: z.string(),
  role: Role,
  text: z.string(),
  createdAt: z.nullable(z.string()),
  // Added so an export -> import round trip is lossless; optional for files written before them.
  order: z.optional(z.number()),
  superseded: z.optional(z.boolean()),
  capturedAt: z.optional(z.string()),
});

export const ExportConversation = z.object({
  site: Site,
  id: z.string(),
  url: z.string(),
  title: z.string(),
  turns: z.array(ExportTurn),
  scope: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.nullable(z.string())),
  updatedAt: z.optional(z.string()),
  health: z.optional(CaptureHealth),
  /**
   * Added (#12) so a restore never extracts again what was already extracted: the last turn order extraction
   * covered and when it last finished. Absent when the conversation was never extracted.
   */
  extraction: z.optional(
    z.object({
      throughOrder: z.number().check(z.int(), z.nonnegative()),
      at: z.iso.datetime({ offset: true }),
    }),
  ),
});

/** `imported` says what this device did not do itself (#25): it is the importing device's to set, not a file's. */
const ExportEvent = z.omit(MemoryEvent, { imported: true });
const ExportUsage = z.omit(Usage, { imported: true });

export const ExportMemory = z.extend(Memory, { history: z.array(ExportEvent) });

export const EngramExport = z.object({
  format: z.literal('engram'),
  version: z.literal(1),
  exportedAt: z.iso.datetime({ offset: true }),
  conversations: z.array(ExportConversation),
  memories: z.array(ExportMemory),
  /** Added (#12): jobs that still matter (waiting, and failed ones that can be retried), never leased. */
  jobs: z.optional(z.array(Job)),
  /** Added (#12): what each model call cost, so Activity's history survives a restore. */
  usage: z.optional(z.array(ExportUsage)),
});
export type EngramExport = z.infer<typeof EngramExport>;
