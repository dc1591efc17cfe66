// Request and reply schemas of an import: an export file's chunks and a site's saved memories (#12, #25).
import { z } from 'zod/mini';
import { Site } from './site';

/**
 * One chunk of an import, written in one transaction so a worker restart loses at most the chunk in flight.
 * Records travel as the file has them: the background checks each with the store's own schemas, writes the
 * good ones and lists the rest with the reason, so one bad record never refuses its neighbours (#12).
 */
export const ImportChunk = z.object({
  /** Engram exports restore records exactly; vendor exports are captured like a page would be. */
  exact: z.boolean(),
  conversations: z.array(z.unknown()).check(z.maxLength(500)),
  memories: z.array(z.unknown()).check(z.maxLength(5000)),
  /** Engram exports since #12: waiting and failed jobs, and usage records. */
  jobs: z.optional(z.array(z.unknown()).check(z.maxLength(5000))),
  usage: z.optional(z.array(z.unknown()).check(z.maxLength(5000))),
});
export type ImportChunk = z.infer<typeof ImportChunk>;

/** A record the import refused, and why, in the words the report shows. */
export const ImportRefusal = z.object({ what: z.string(), reason: z.string() });
export type ImportRefusal = z.infer<typeof ImportRefusal>;

export const ImportChunkReply = z.object({
  conversations: z.number(),
  turns: z.number(),
  memories: z.number(),
  /**
   * Memories that wait in Review (#25): standing rules, pinned memories and links from a file, and a file's
   * changes to memories the person owns.
   */
  held: z.number(),
  /** Records already stored as they are, or newer (by updatedAt): the stored one was kept. */
  kept: z.number(),
  refused: z.array(ImportRefusal),
  /** Conversations whose extraction progress was restored, jobs and usage records written (#12). */
  progress: z.number(),
  jobs: z.number(),
  usage: z.number(),
});
export type ImportChunkReply = z.infer<typeof ImportChunkReply>;

/** A tab's answer to "read the memories your site saved", validated by the background (page data). */
export const VendorMemories = z.object({
  site: Site,
  result: z.union([
    z.object({
      ok: z.literal(true),
      memories: z
        .array(
          z.object({
            id: z.string().check(z.minLength(1), z.maxLength(200)),
            text: z.string().check(z.minLength(1), z.maxLength(2000)),
            updatedAt: z.nullable(z.iso.datetime({ offset: true })),
          }),
        )
        .check(z.maxLength(5000)),
    }),
    z.object({ ok: z.literal(false), reason: z.string().check(z.maxLength(500)) }),
  ]),
});
export type VendorMemories = z.infer<typeof VendorMemories>;

export const VendorImportReply = z.object({
  site: Site,
  imported: z.number(),
  unchanged: z.number(),
  /** New entries with a link, and changes to memories the person owns: they wait in Review (#25). */
  held: z.number(),
});
export type VendorImportReply = z.infer<typeof VendorImportReply>;
