// One record nested 100,000 deep is refused alone, with its reason in the report (#25 item 10). Before, the
// worker's postMessage (structured clone) overflowed the stack on the chunk holding it and the whole import
// failed with "Could not read this file"; a chunk sent straight to the background failed in its structuredClone.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { loadExport } from '../../test/fixtures/exports/load';
import { event, memory } from '../../test/helpers/records';
import { handlers } from '../background/handlers';
import type { ImportChunk } from '../model/messages';
import { ProblemError } from '../model/problem';
import { deleteDb } from '../store/db';
import { getMemory } from '../store/memories';
import { countTokens } from '../tokens';
import { nestsTooDeep } from './depth';
import { runImport, type ImportSource } from './run';
import { streamPlan } from './stream';
import type { WorkerReply } from './worker-client';

const ext = { url: 'chrome-extension://x/options.html' };
/** Extension messaging serializes as JSON (Chrome) or structured clone (Firefox): both are done here. */
const send = (chunk: ImportChunk) =>
  handlers.importChunk(JSON.parse(JSON.stringify(structuredClone(chunk))) as ImportChunk, ext);

/** The worker's replies as the page receives them: each one structured-cloned by postMessage. */
function throughWorker(text: string): ImportSource {
  const replies: WorkerReply[] = [];
  streamPlan(text, (reply) => replies.push(structuredClone(reply)));
  const failed = replies.find((r) => r.type === 'error');
  if (failed) throw new ProblemError(failed.problem);
  const [plan, ...rest] = replies;
  if (plan?.type !== 'plan') throw new Error('no plan');
  const chunks = rest.flatMap((r) => (r.type === 'chunk' ? [r.chunk] : []));
  return {
    ...plan,
    chunks: (async function* () {
      yield* chunks;
    })(),
  };
}

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** File text with `"DEEP"` replaced by a value nested 100,000 deep: JSON.stringify itself cannot write one. */
const withDeep = (data: unknown) =>
  JSON.stringify(data).replace('"DEEP"', `${'{"a":'.repeat(100_000)}"bottom"${'}'.repeat(100_000)}`);

const memoryRecord = (id: string, over: Record<string, unknown> = {}) => ({
  ...memory({ id, text: `Memory ${id}.` }),
  history: [event({ id: `e-${id}`, memoryId: id, after: memory({ id, text: `Memory ${id}.` }) })],
  ...over,
});

beforeAll(() => countTokens('warm'), 60_000);
beforeEach(deleteDb);

describe('a record nested 100,000 deep', () => {
  test('is measured without recursion, and real records pass', () => {
    expect(nestsTooDeep(nested(100_000))).toBe(true);
    expect(nestsTooDeep(nested(64))).toBe(false);
    expect(nestsTooDeep(nested(65))).toBe(true);
    expect(nestsTooDeep(loadExport('chatgpt-export-2025.json'))).toBe(false);
  });

  test('in an Engram export: only that memory is refused, with the reason; its neighbour imports', async () => {
    const file = {
      format: 'engram',
      version: 1,
      exportedAt: '2026-11-29T12:00:00.000Z',
      conversations: [],
      memories: [memoryRecord('deep', { attributedTo: 'DEEP' }), memoryRecord('ok')],
    };
    const report = await runImport(throughWorker(withDeep(file)), send, () => undefined);
    expect(report.refused).toEqual([
      { what: 'Memory “Memory deep.” (deep)', reason: 'nests deeper than 64 levels, which no export does' },
    ]);
    expect(report.memories).toBe(1);
    expect(await getMemory('ok')).toBeDefined();
    expect(await getMemory('deep')).toBeUndefined();
  });

  test('in a ChatGPT export, a deep field the parser does not read stays behind: the conversation imports', async () => {
    const [conversation] = loadExport('chatgpt-export-2025.json') as Record<string, unknown>[];
    const deep = { ...conversation, metadata: 'DEEP' };
    const report = await runImport(throughWorker(withDeep([deep])), send, () => undefined);
    expect(report).toMatchObject({ kind: 'chatgpt', conversations: 1, turns: 4, refused: [] });
  });

  test('sent straight to the background, only that record is refused', async () => {
    const chunk: ImportChunk = {
      exact: true,
      conversations: [],
      memories: [memoryRecord('deep', { sources: [nested(100_000)] }), memoryRecord('ok')],
    };
    const reply = await handlers.importChunk(chunk, ext);
    expect(reply.refused).toEqual([
      { what: 'Memory “Memory deep.” (deep)', reason: 'nests deeper than 64 levels, which no export does' },
    ]);
    expect(reply.memories).toBe(1);
  });
});
