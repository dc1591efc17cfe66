// bench:past's generated histories (bench/lib/history.ts, #13) are exports the real importer takes: every
// conversation and turn is stored, nothing refused or skipped, and the shape is as the generator promises.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, expect, test } from 'vitest';
import { conversation, needleOf, writeExport } from '../bench/lib/history';
import { handlers } from '../lib/background/handlers';
import { planImport } from '../lib/import/detect';
import { runImport } from '../lib/import/run';
import type { ImportChunk } from '../lib/model/messages';
import { turnsOf } from '../lib/store/conversations';
import { deleteDb } from '../lib/store/db';

beforeEach(deleteDb);

const send = (chunk: ImportChunk) =>
  handlers.importChunk(chunk, { url: 'chrome-extension://x/options.html' });

test('a generated export of 30 conversations imports whole through the real importer', async () => {
  const path = join(tmpdir(), `engram-history-${process.pid}.json`);
  await writeExport(path, 30, 7);
  const plan = planImport(readFileSync(path, 'utf8'));
  expect(plan.kind).toBe('chatgpt');
  expect(plan.skipped).toEqual([]);
  // The plan's records are checked by the background, so they are unknown here: this generator's shape.
  const planned = plan.conversations as { id: string; turns: unknown[] }[];
  const turns = planned.reduce((n, c) => n + c.turns.length, 0);
  const report = await runImport(plan, send, () => undefined);
  expect(report).toMatchObject({ conversations: 30, turns, refused: [], kept: 0 });
  const stored = await turnsOf(`chatgpt:${planned[3]?.id}`);
  expect(stored.some((t) => t.text.includes(needleOf(3).fact))).toBe(true);
}, 60_000);

test('shapes: 8–40 turns, user turns 5–200 words, answers 50–1,500, code and non-Latin text in some', () => {
  const all = Array.from({ length: 200 }, (_, c) => conversation(c, 13));
  const texts = all.flatMap((c) => Object.values(c.mapping).flatMap((n) => (n.message ? [n.message] : [])));
  const counts = all.map((c) => Object.keys(c.mapping).length - 1);
  expect(Math.min(...counts)).toBeGreaterThanOrEqual(8);
  expect(Math.max(...counts)).toBeLessThanOrEqual(40);
  const latinWords = (s: string) => s.split(/\s+/).filter((w) => /^[a-z]/i.test(w)).length;
  for (const m of texts) {
    const words = latinWords(m.content.parts[0] ?? '');
    if (m.author.role === 'user') expect(words).toBeGreaterThanOrEqual(5);
    else expect(words).toBeGreaterThanOrEqual(50);
  }
  const joined = texts.map((m) => m.content.parts[0]).join('\n');
  expect(joined).toContain('```');
  expect(joined).toMatch(/[\u4e00-\u9fff]/);
  expect(joined).toMatch(/[\u0400-\u04ff]/);
  expect(joined).toMatch(/[\u0600-\u06ff]/);
  expect(conversation(5, 13)).toEqual(conversation(5, 13));
});
