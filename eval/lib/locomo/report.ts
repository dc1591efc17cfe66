// eval:locomo output: accuracy per category and overall, one column per memory source, the cost, and the
// published reference points beside it; per-question JSONL in eval/runs/<timestamp>/.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RUNS_DIR, runStamp, table } from '../report';
import { CATEGORIES } from './data';
import type { costOf, MemorySource, QuestionResult } from './run';

/** mem0 paper, LLM judge, gpt-4o-mini (issue #7): context for a reader, never a row of ours. */
export const REFERENCE_POINTS = 'full-context 72.9, mem0 66.9, Zep 66.0, LangMem 58.1, OpenAI memory 52.9';

const pct = (rs: QuestionResult[]) =>
  rs.length ? ((100 * rs.filter((r) => r.correct).length) / rs.length).toFixed(1) : '–';

export function locomoTable(results: QuestionResult[], cost: ReturnType<typeof costOf>): string {
  const sources = [...new Set(results.map((r) => r.source))] as MemorySource[];
  const of = (s: MemorySource) => results.filter((r) => r.source === s);
  const rows = Object.entries(CATEGORIES).map(([cat, name]) => [
    `${cat} ${name}`,
    ...sources.map((s) => pct(of(s).filter((r) => r.category === Number(cat)))),
  ]);
  rows.push(['overall', ...sources.map((s) => pct(of(s)))]);
  rows.push(['questions', ...sources.map((s) => String(of(s).length))]);
  const meanTokens = (rs: QuestionResult[]) =>
    rs.length ? (rs.reduce((a, r) => a + r.blockTokens, 0) / rs.length).toFixed(0) : '–';
  rows.push(['block tokens (mean)', ...sources.map((s) => meanTokens(of(s)))]);
  const usd = cost.costUsd === null ? 'unpriced' : `$${cost.costUsd.toFixed(4)}`;
  return [
    table(['accuracy % (LLM judge)', ...sources], rows),
    '',
    `cost: ${cost.calls} calls, ${cost.promptTokens} prompt + ${cost.completionTokens} completion tokens, ${usd}`,
    `reference (mem0 paper, gpt-4o-mini): ${REFERENCE_POINTS}`,
  ].join('\n');
}

export async function writeLocomoRun(
  results: QuestionResult[],
  summary: string,
  options: { root?: string; at?: Date; meta?: Record<string, unknown> } = {},
): Promise<string> {
  const dir = path.join(options.root ?? RUNS_DIR, `${runStamp(options.at ?? new Date())}-locomo`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'questions.jsonl'), results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  await writeFile(path.join(dir, 'meta.json'), JSON.stringify(options.meta ?? {}, null, 2) + '\n');
  await writeFile(path.join(dir, 'summary.txt'), summary + '\n');
  return dir;
}
