// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyAnswer } from './adapter';
import { loadCases } from './case';
import {
  caseTable,
  compareVersions,
  gateExitCode,
  runStamp,
  summaryTable,
  table,
  writeRun,
  type VersionRun,
} from './report';
import { degradedAnswer, perfectAnswer } from './scripted';
import { scoreCase } from './score';

const cases = loadCases();
const perfect: VersionRun = {
  label: 'extraction@v1',
  scores: cases.map((c) => scoreCase(c, applyAnswer(c, perfectAnswer(c)))),
};
const worse: VersionRun = {
  label: 'extraction@v2',
  scores: cases.map((c) => scoreCase(c, applyAnswer(c, degradedAnswer(c)))),
};

describe('table', () => {
  it('aligns columns: text left, numbers right', () => {
    expect(
      table(
        ['metric', 'a', 'bb'],
        [
          ['recall', '1.000', '0.5'],
          ['f1', '0.9', '0.25'],
        ],
      ),
    ).toBe(
      ['metric      a    bb', '------  -----  ----', 'recall  1.000   0.5', 'f1        0.9  0.25'].join('\n'),
    );
  });
});

describe('summaryTable', () => {
  it('prints one column per version and every metric', () => {
    const out = summaryTable([perfect]);
    expect(out.split('\n')[0]).toMatch(/^metric\s+extraction@v1$/);
    expect(out).toMatch(/^aggregate\s+1\.000$/m);
    expect(out).toMatch(new RegExp(`^cases\\s+${cases.length}$`, 'm'));
    expect(out).not.toContain('CI');
  });

  it('adds the paired bootstrap CI of the difference when two versions are compared', () => {
    const out = summaryTable([perfect, worse]);
    const ci = compareVersions(perfect, worse);
    expect(ci.diff).toBeLessThan(-0.2);
    expect(ci.high).toBeLessThan(0);
    expect(out).toContain(`aggregate, extraction@v2 − extraction@v1: ${ci.diff.toFixed(3)}`);
    expect(out).toMatch(/95% CI -0\.\d{3} … -0\.\d{3}, paired bootstrap, 10000 resamples, seed 7, n=\d+\)$/);
  });

  it('refuses to compare versions that ran different cases', () => {
    expect(() => compareVersions(perfect, { ...worse, scores: worse.scores.slice(1) })).toThrow(/same cases/);
  });
});

describe('caseTable', () => {
  it('shows each case side by side and says what went wrong', () => {
    const out = caseTable([perfect, worse]);
    const line = out.split('\n').find((l) => l.startsWith('secret-api-key'))!;
    expect(line).toMatch(/^secret-api-key\s+1\.000\s+0\.\d{3}\s+.*leaked sk-proj-7Hq2LmX9vRt4WbZ1/);
    expect(out.split('\n')).toHaveLength(cases.length + 2);
  });
});

describe('writeRun', () => {
  it('writes one JSONL per version, a summary and meta into eval/runs/<timestamp>/', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'engram-runs-'));
    const dir = await writeRun([perfect, worse], {
      root,
      at: new Date('2026-11-29T12:30:05.123Z'),
      meta: { model: 'm' },
    });
    expect(path.basename(dir)).toBe('2026-11-29T12-30-05Z');
    expect(readdirSync(dir).sort()).toEqual([
      'extraction@v1.jsonl',
      'extraction@v2.jsonl',
      'meta.json',
      'summary.txt',
    ]);
    const lines = readFileSync(path.join(dir, 'extraction@v2.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(cases.length);
    const first = JSON.parse(lines[0]!) as { version: string; caseId: string; aggregate: number };
    expect(first.version).toBe('extraction@v2');
    expect(first.caseId).toBe(cases[0]!.id);
    expect(JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8'))).toEqual({
      versions: ['extraction@v1', 'extraction@v2'],
      model: 'm',
    });
    expect(readFileSync(path.join(dir, 'summary.txt'), 'utf8')).toContain('paired bootstrap');
  });

  it('stamps are sortable and path-safe', () => {
    expect(runStamp(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03-04-05Z');
  });
});

describe('gateExitCode (--min-aggregate)', () => {
  it('fails when any version is below the bar', () => {
    expect(gateExitCode([perfect], 0.99)).toBe(0);
    expect(gateExitCode([perfect, worse], 0.9)).toBe(1);
    expect(gateExitCode([worse], undefined)).toBe(0);
  });
});
