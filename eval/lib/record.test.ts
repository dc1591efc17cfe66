// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runSuite } from './adapter';
import { loadCases } from './case';
import { fixtureAdapter } from './fixture-adapter';
import type { ProviderRequest } from './provider';
import { MissingRecordingError, RECORDINGS_DIR, requestHash, stableJson, withRecording } from './record';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'engram-rec-'));
const req: ProviderRequest = { system: 'sys', user: 'hello', schemaName: 'memories', model: 'm' };
const noCall = async () => {
  throw new Error('replay must not call the provider');
};

describe('stableJson and requestHash', () => {
  it('ignores key order, undefined, functions and signals', () => {
    const a = { b: 1, a: { y: [1, { z: 2, w: undefined }], x: 'x' } };
    const b = { a: { x: 'x', y: [1, { z: 2 }] }, b: 1, f: () => 1, signal: new AbortController().signal };
    expect(stableJson(a)).toBe(stableJson(b));
    expect(stableJson(a)).toBe('{"a":{"x":"x","y":[1,{"z":2}]},"b":1}');
    expect(requestHash(a)).toBe(requestHash(b));
    expect(requestHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any field that changes the answer', () => {
    expect(requestHash(req)).not.toBe(requestHash({ ...req, model: 'other' }));
    expect(requestHash(req)).not.toBe(requestHash({ ...req, user: 'hello ' }));
  });
});

describe('withRecording', () => {
  it('records then replays the same reply without calling the provider', async () => {
    const dir = tmp();
    const call = vi.fn(async () => ({
      text: '{"memories":[]}',
      usage: { promptTokens: 12, completionTokens: 3 },
    }));
    const live = await withRecording(call, { mode: 'record', dir })(req);
    expect(call).toHaveBeenCalledTimes(1);
    expect(readdirSync(dir)).toEqual([`${requestHash(req)}.json`]);
    const replay = withRecording(noCall, { mode: 'replay', dir });
    expect(await replay(req)).toEqual(live);
    expect(await replay({ ...req })).toEqual(live);
  });

  it('names the missing hash in replay mode', async () => {
    const dir = tmp();
    const replay = withRecording(noCall, { mode: 'replay', dir });
    const err = await replay(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MissingRecordingError);
    expect(String(err)).toContain(requestHash(req));
    expect(String(err)).toContain('--record');
  });

  it('rejects a tampered or malformed recording', async () => {
    const dir = tmp();
    await withRecording(async () => ({ text: 'ok' }), { mode: 'record', dir })(req);
    const file = path.join(dir, `${requestHash(req)}.json`);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...saved, hash: 'f'.repeat(64) }));
    await expect(withRecording(noCall, { mode: 'replay', dir })(req)).rejects.toThrow(/holds hash/);
    writeFileSync(file, JSON.stringify({ ...saved, reply: { text: 3 } }));
    await expect(withRecording(noCall, { mode: 'replay', dir })(req)).rejects.toThrow(/invalid recording/);
  });

  it('live mode is the provider itself', () => {
    const call = async () => ({ text: 'x' });
    expect(withRecording(call, { mode: 'live' })).toBe(call);
  });
});

describe('replay from the committed fixture (eval/recordings)', () => {
  // Recorded once from a scripted model that drops a Japanese fact and leaks the API key; if you edit one of
  // these cases, re-record (eval/README.md "Recordings") or this fails naming the missing hash.
  const ids = ['chinese-move-update', 'japanese-job-cat', 'secret-api-key', 'update-move-city'];
  const cases = loadCases().filter((c) => ids.includes(c.id));
  const run = () =>
    runSuite(
      cases,
      fixtureAdapter(
        'fixture',
        withRecording(noCall, { mode: 'replay', dir: RECORDINGS_DIR }),
        'fixture-model',
      ),
    );

  it('gives identical scores twice, and the scores show the recorded mistakes', async () => {
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    const by = Object.fromEntries(first.map((s) => [s.caseId, s]));
    expect(by['japanese-job-cat']!.recall).toBe(0.5);
    expect(by['secret-api-key']!.safety).toBe(0);
    expect(by['update-move-city']!.aggregate).toBe(1);
    expect(by['chinese-move-update']!.operations).toBe(1);
  });
});
