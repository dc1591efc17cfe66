// One remote file = age(gzip(JSON lines)), a header line first. Decoding checks the whole chain: age's STREAM tags,
// gzip's end, and the header's line count, so a file cut short anywhere is refused, never half-read.
import { gunzipLines, gzipLines } from './codec';
import { decryptWith, encryptTo } from './crypto';
import { FileHeader, FORMAT, FORMAT_VERSION } from './format';

export class TooNew extends Error {
  constructor(v: number | string) {
    super(
      typeof v === 'string' ? v : `Written by a newer Engram (sync format ${v}); update Engram to read it`,
    );
  }
}

export class Unreadable extends Error {}

/** What a header says besides the format and the line count: its kind, epoch and (v2) the file's own name. */
export type HeaderFields = Omit<FileHeader, 'format' | 'v' | 'count'>;

export async function sealLines(
  recipient: string,
  fields: HeaderFields,
  lines: unknown[],
): Promise<Uint8Array> {
  const header: FileHeader = { format: FORMAT, v: FORMAT_VERSION, ...fields, count: lines.length };
  return encryptTo(recipient, await gzipLines([header, ...lines]));
}

export async function openLines(
  identity: string,
  bytes: Uint8Array,
): Promise<{ header: FileHeader; lines: unknown[] }> {
  let all: unknown[];
  try {
    all = await gunzipLines(await decryptWith(identity, bytes));
  } catch (e) {
    throw new Unreadable(`Unreadable (cut short or not ours): ${e instanceof Error ? e.message : String(e)}`);
  }
  const header = FileHeader.safeParse(all[0]);
  if (!header.success) throw new Unreadable('Not an Engram sync file');
  if (header.data.v > FORMAT_VERSION) throw new TooNew(header.data.v);
  const lines = all.slice(1);
  if (lines.length !== header.data.count)
    throw new Unreadable(`Cut short: ${lines.length} of ${header.data.count}`);
  return { header: header.data, lines };
}

export async function sealJson(recipient: string, value: unknown): Promise<Uint8Array> {
  return encryptTo(recipient, new TextEncoder().encode(JSON.stringify(value)));
}

export async function openJson(identity: string, bytes: Uint8Array): Promise<unknown> {
  try {
    return JSON.parse(new TextDecoder().decode(await decryptWith(identity, bytes))) as unknown;
  } catch (e) {
    throw new Unreadable(`Unreadable: ${e instanceof Error ? e.message : String(e)}`);
  }
}
