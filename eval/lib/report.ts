// Output of an eval run (#7): one JSONL line per case and version in eval/runs/<timestamp>/ (gitignored), and
// a plain-text summary with one column per version and, for two versions, the paired bootstrap CI.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pairedBootstrap, type BootstrapResult } from './bootstrap';
import { METRICS, summarize, type CaseScore, type Metric } from './score';

export const RUNS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../runs');

export interface VersionRun {
  label: string;
  scores: CaseScore[];
}

/** `2026-11-29T12-30-05Z`: sortable and safe in a path on every OS. */
export function runStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

const slug = (label: string) => label.replace(/[^A-Za-z0-9@._-]+/g, '_').slice(0, 120) || 'run';

export async function writeRun(
  runs: VersionRun[],
  options: { root?: string; at?: Date; meta?: Record<string, unknown> } = {},
): Promise<string> {
  const dir = path.join(options.root ?? RUNS_DIR, runStamp(options.at ?? new Date()));
  await mkdir(dir, { recursive: true });
  for (const run of runs) {
    const lines = run.scores.map((s) => JSON.stringify({ version: run.label, ...s }));
    await writeFile(path.join(dir, `${slug(run.label)}.jsonl`), lines.join('\n') + '\n');
  }
  const meta = { versions: runs.map((r) => r.label), ...options.meta };
  await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta, null, 2) + '\n');
  await writeFile(path.join(dir, 'summary.txt'), summaryTable(runs) + '\n');
  return dir;
}

/** Text columns (the first, plus `textColumns`) left-aligned, numbers right-aligned, two spaces apart. */
export function table(header: string[], rows: string[][], textColumns: number[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const left = new Set([0, ...textColumns]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (left.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const fmt = (v: number | null) => (v === null ? '–' : v.toFixed(3));
const signed = (v: number) => (v >= 0 ? '+' : '') + v.toFixed(3);

export function compareVersions(a: VersionRun, b: VersionRun, metric: Metric = 'aggregate'): BootstrapResult {
  const ids = a.scores.map((s) => s.caseId);
  const byId = new Map(b.scores.map((s) => [s.caseId, s]));
  const pairs = ids.filter((id) => byId.has(id));
  if (pairs.length !== ids.length || pairs.length !== b.scores.length)
    throw new Error(`versions "${a.label}" and "${b.label}" did not run the same cases`);
  const value = (s: CaseScore | undefined) => s?.[metric] ?? 0;
  return pairedBootstrap(
    a.scores.map((s) => value(s)),
    pairs.map((id) => value(byId.get(id))),
  );
}

export function summaryTable(runs: VersionRun[]): string {
  const summaries = runs.map((r) => summarize(r.scores));
  const rows = METRICS.map((m) => [m, ...summaries.map((s) => fmt(s.metrics[m].mean))]);
  rows.push(['cases', ...summaries.map((s) => String(s.cases))]);
  const out = [table(['metric', ...runs.map((r) => r.label)], rows)];
  if (runs.length === 2) {
    const ci = compareVersions(runs[0]!, runs[1]!);
    out.push(
      '',
      `aggregate, ${runs[1]!.label} − ${runs[0]!.label}: ${signed(ci.diff)} ` +
        `(${ci.confidence * 100}% CI ${signed(ci.low)} … ${signed(ci.high)}, paired bootstrap, ` +
        `${ci.resamples} resamples, seed ${ci.seed}, n=${ci.n})${ci.significant ? '' : ' — not significant'}`,
    );
  }
  return out.join('\n');
}

/** One row per case: aggregate per version, plus what went wrong in the last version. */
export function caseTable(runs: VersionRun[]): string {
  const ids = runs[0]?.scores.map((s) => s.caseId) ?? [];
  const rows = ids.map((id) => {
    const cells = runs.map((r) => r.scores.find((s) => s.caseId === id));
    const last = cells.at(-1);
    const notes = [
      last && last.recall < 1 ? `recall ${fmt(last.recall)}` : '',
      last && last.precision < 1 ? `precision ${fmt(last.precision)}` : '',
      last?.leaked.length ? `leaked ${last.leaked.join(', ')}` : '',
      last?.missingKeep.length
        ? `lost ${last.missingKeep.map((k) => (Array.isArray(k) ? k[0] : k)).join(', ')}`
        : '',
    ].filter(Boolean);
    return [id, ...cells.map((c) => fmt(c?.aggregate ?? null)), notes.join('; ')];
  });
  return table(['case', ...runs.map((r) => r.label), 'notes'], rows, [runs.length + 1]);
}

/** The --min-aggregate gate: the exit code for the CLI. */
export function gateExitCode(runs: VersionRun[], minAggregate: number | undefined): 0 | 1 {
  if (minAggregate === undefined) return 0;
  const failing = runs.filter((r) => (summarize(r.scores).metrics.aggregate.mean ?? 0) < minAggregate);
  return failing.length ? 1 : 0;
}
