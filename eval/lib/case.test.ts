// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases, parseCase, REQUIRED_TAGS, type EvalCase } from './case';
import { containsToken } from './match';

const cases = loadCases();
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const anyOf = (token: string | string[]) => (Array.isArray(token) ? token : [token]);
const expectedText = (c: EvalCase) => c.expected.map((m) => m.text).join('\n');

describe('eval cases (issue #7)', () => {
  it('has at least 30 cases, all valid, with unique ids', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it.each(REQUIRED_TAGS)('covers "%s"', (tag) => {
    expect(cases.some((c) => c.tags.includes(tag))).toBe(true);
  });

  it('has a long case over 40 turns and real Japanese and Chinese text', () => {
    const long = cases.filter((c) => c.tags.includes('long'));
    expect(long.every((c) => c.messages.length > 40)).toBe(true);
    for (const tag of ['japanese', 'chinese'] as const) {
      const tagged = cases.filter((c) => c.tags.includes(tag));
      expect(tagged.every((c) => c.messages.some((m) => CJK.test(m.text)))).toBe(true);
    }
    expect(cases.some((c) => c.messages.some((m) => /[\p{Script=Hiragana}]/u.test(m.text)))).toBe(true);
  });

  it('has consolidation cases with existing memories and each ADD/UPDATE/DELETE/NONE', () => {
    const ops = cases.flatMap((c) => c.operations ?? []).map((o) => o.op);
    expect(new Set(ops)).toEqual(new Set(['ADD', 'UPDATE', 'DELETE', 'NONE']));
    for (const c of cases.filter((k) => k.operations)) expect(c.existing.length).toBeGreaterThan(0);
  });

  it.each(cases.map((c) => [c.id, c] as const))(
    '%s: expected memories hold every mustKeep and no mustNot token',
    (_id, c) => {
      // Otherwise the "perfect" answer could not score 1 and a case would punish the right answer.
      const text = expectedText(c);
      for (const token of c.mustKeep)
        expect(
          anyOf(token).some((t) => containsToken(text, t)),
          JSON.stringify(token),
        ).toBe(true);
      for (const token of c.mustNot) expect(containsToken(text, token), token).toBe(false);
    },
  );

  it('messages are in time order', () => {
    for (const c of cases) {
      const times = c.messages.map((m) => Date.parse(m.at));
      expect(times, c.id).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('relative-date cases require an absolute date with a year', () => {
    // "next Saturday" must become 2026-03-14: the expected memory has to carry a year.
    for (const c of cases.filter((k) => k.tags.includes('relative-date')))
      expect(
        c.mustKeep.flatMap(anyOf).some((t) => /20\d\d/.test(t)),
        c.id,
      ).toBe(true);
  });

  it('secret cases forbid the secret itself', () => {
    for (const c of cases.filter((k) => k.tags.includes('secret'))) {
      const user = c.messages
        .filter((m) => m.role === 'user')
        .map((m) => m.text)
        .join('\n');
      expect(
        c.mustNot.some((t) => /\d/.test(t) && user.includes(t)),
        c.id,
      ).toBe(true);
    }
  });

  it('cases with nothing to extract expect no memories', () => {
    for (const c of cases.filter((k) => k.tags.includes('nothing-to-extract')))
      expect(c.expected).toEqual([]);
  });

  it('rejects a malformed case with a message naming the file and the problem', () => {
    const good = cases.find((c) => c.operations)!;
    const bad = { ...good, operations: [{ op: 'UPDATE', target: 9 }] };
    expect(() => parseCase(bad, 'x.json')).toThrow(/x\.json: operations\[0\]: UPDATE must target/);
    expect(() => parseCase({ ...good, tags: ['nope'] }, 'y.json')).toThrow(/y\.json: invalid case/);
    expect(() => parseCase({ ...good, operations: [{ op: 'ADD', target: 0 }] }, 'z.json')).toThrow(
      /ADD takes no target/,
    );
  });

  it('rejects a file whose id differs from its name', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'engram-cases-'));
    writeFileSync(path.join(dir, 'other-name.json'), JSON.stringify(cases[0]));
    expect(() => loadCases(dir)).toThrow(/does not match the file name/);
  });
});
