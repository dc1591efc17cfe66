// Record/replay (#7): a real run saves every model reply under the hash of its request, so anyone can
// re-score it offline, and CI can regression-test the harness without a key.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { ProviderReply, type ProviderCall } from './provider';

export type RecordMode = 'live' | 'record' | 'replay';

export const RECORDINGS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../recordings');

const isPlainObject = (v: object) =>
  Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null;

/**
 * JSON with sorted keys. Drops undefined, functions and non-plain objects (an AbortSignal must not change
 * the hash); honours toJSON (Date).
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(canonical(value)) ?? 'null';
}

function canonical(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return canonical(withJson.toJSON());
  if (Array.isArray(value)) return value.map((v) => canonical(v) ?? null);
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = canonical((value as Record<string, unknown>)[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(stableJson(request)).digest('hex');
}

export const Recording = z.object({
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  request: z.unknown(),
  reply: ProviderReply,
  recordedAt: z.iso.datetime({ offset: true }),
});
export type Recording = z.infer<typeof Recording>;

export class MissingRecordingError extends Error {
  constructor(
    readonly hash: string,
    dir: string,
  ) {
    super(`No recording for request ${hash} in ${dir}: run once with --record (and a key) to create it.`);
  }
}

async function readRecording(file: string, hash: string, dir: string): Promise<ProviderReply> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new MissingRecordingError(hash, dir);
  }
  const parsed = Recording.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${file}: invalid recording: ${z.prettifyError(parsed.error)}`);
  if (parsed.data.hash !== hash) throw new Error(`${file}: holds hash ${parsed.data.hash}, expected ${hash}`);
  return parsed.data.reply;
}

async function writeRecording(dir: string, file: string, recording: Recording): Promise<void> {
  await mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(recording, null, 2) + '\n');
  await rename(tmp, file);
}

/** Wraps `call`: `live` passes through, `record` calls and saves, `replay` answers only from files. */
export function withRecording<Req>(
  call: ProviderCall<Req>,
  options: { mode: RecordMode; dir?: string; now?: () => Date },
): ProviderCall<Req> {
  const dir = options.dir ?? RECORDINGS_DIR;
  const now = options.now ?? (() => new Date());
  if (options.mode === 'live') return call;
  return async (request) => {
    const hash = requestHash(request);
    const file = path.join(dir, `${hash}.json`);
    if (options.mode === 'replay') return readRecording(file, hash, dir);
    const reply = ProviderReply.parse(await call(request));
    const stored = JSON.parse(stableJson(request)) as unknown;
    await writeRecording(dir, file, { hash, request: stored, reply, recordedAt: now().toISOString() });
    return reply;
  };
}
