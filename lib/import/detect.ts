// Reads an imported file into one plan, whatever its kind: an Engram export or a site's data export (#3). Each
// site's reader lives in its folder and is found there (#24). Nothing is written here; a file that is none of
// these is refused before any write.
import { z } from 'zod/mini';
import type { ExportConversation } from '../model/export';
import { ProblemError } from '../model/problem';
import type { ImportRefusal } from '../model/messages';
import type { Site } from '../model/site';
import type { ExportReader, ImportedConversation } from '../sites/api-types';
import { SITES } from '../sites/registry';
import { shallowOnly } from './depth';
import { describeError } from './issues';
import { orderReaders } from './readers';

/** Every `lib/sites/<site>/export.ts`, in the order their files must be told apart. */
export const EXPORT_READERS: readonly ExportReader[] = orderReaders(
  Object.values(
    import.meta.glob<ExportReader>('../sites/*/export.ts', { eager: true, import: 'exportReader' }),
  ),
);

export type ImportKind = 'engram' | Site;
/** The sites whose data exports this build reads, in the registry's order ("ChatGPT, Claude, DeepSeek"). */
export const EXPORT_SITES = SITES.filter((s) => EXPORT_READERS.some((r) => r.site === s.site)).map(
  (s) => s.label,
);

export interface ImportPlan {
  kind: ImportKind;
  /** Records as the file has them: the background checks each one and lists those it refuses (#12). */
  conversations: unknown[];
  memories: unknown[];
  /** Engram exports since #12: open jobs and usage records. */
  jobs: unknown[];
  usage: unknown[];
  skipped: { title: string; reason: string }[];
  /** Records refused before they were sent (one nested too deep to cross to the background, #25). */
  refused?: ImportRefusal[];
}

/** A file Engram cannot import; its problem the page words (#37). */
export class ImportError extends ProblemError {}

function fromVendor(c: ImportedConversation): z.infer<typeof ExportConversation> {
  return { site: c.site, id: c.id, url: c.url, title: c.title, createdAt: c.createdAt, turns: c.turns };
}

/** Only the envelope is checked here; each record is checked on its own when it is written. */
const EngramFile = z.object({
  format: z.literal('engram'),
  version: z.literal(1),
  conversations: z.array(z.unknown()),
  memories: z.array(z.unknown()),
  // Added in #12; files written before lack them.
  jobs: z.optional(z.array(z.unknown())),
  usage: z.optional(z.array(z.unknown())),
});

function engramPlan(raw: unknown): ImportPlan {
  const parsed = EngramFile.safeParse(raw);
  if (!parsed.success)
    throw new ImportError({ code: 'import-damaged', detail: describeError(parsed.error).slice(0, 500) });
  const { conversations, memories, jobs = [], usage = [] } = parsed.data;
  const refused: ImportRefusal[] = [];
  return {
    kind: 'engram',
    conversations: shallowOnly(conversations, 'Conversation', () => 'title', refused),
    memories: shallowOnly(memories, 'Memory', () => 'text', refused),
    jobs: shallowOnly(jobs, 'Job', () => 'conversationKey', refused),
    usage: shallowOnly(usage, 'Usage record', () => 'model', refused),
    skipped: [],
    refused,
  };
}

/** Parses file text into a plan, or throws an ImportError whose problem says what is wrong. */
export function planImport(text: string): ImportPlan {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ImportError({ code: 'import-not-json', sites: EXPORT_SITES });
  }
  if (raw && typeof raw === 'object' && 'format' in raw && raw.format === 'engram') return engramPlan(raw);
  // A site's reader builds new records from the fields it reads (lib/sites/*/export.ts): a deep field it does not
  // read is left behind, so nothing nested crosses to the background from these files (deep.test.ts).
  const reader = EXPORT_READERS.find((r) => r.looks(raw));
  if (!reader) throw new ImportError({ code: 'import-not-export', sites: EXPORT_SITES });
  const { conversations, skipped } = reader.parse(raw);
  const records = conversations.map(fromVendor);
  return { kind: reader.site, conversations: records, memories: [], jobs: [], usage: [], skipped };
}
