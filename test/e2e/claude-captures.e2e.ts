// The real Claude captures of 2026-02 and 2026-05 (#14), read from the page in Chromium (once the JSON confirmed
// the chat and then failed, #34), then from the site JSON once it answers with the same text: both come out as the
// outline (test/fixtures/pages/claude-outlines.ts), so no tool or thinking row, card, sr-only heading or doubled
// first line reaches a stored turn.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EngramExport } from '../../lib/model/export';
import { CLAUDE_2026_02_27, CLAUDE_2026_05_FORMATTING } from '../fixtures/pages/claude-outlines';
import { hasSharedPages, outline, SHARED_PAGES, type TurnOutline } from '../fixtures/pages/load';
import { exportUntil } from './export';
import { launch, openOptions, type Harness } from './harness';
import { openWhereJsonFails } from './records';
import { claude, serveSite } from './sites';

type Stored = EngramExport['conversations'][number];

let h: Harness;
let options: Page;

function expectOutline(got: Stored['turns'], want: readonly TurnOutline[]): void {
  const actual = got.map(outline);
  expect(actual.map(({ role, head, tail }) => ({ role, head, tail }))).toEqual(
    want.map(({ role, head, tail }) => ({ role, head, tail })),
  );
  actual.forEach((t, i) => expect(Math.abs(t.length - want[i]!.length)).toBeLessThanOrEqual(2));
}

/** The conversation as stored, once `ready` holds for it. */
async function storedWhen(id: string, ready: (c: Stored) => boolean): Promise<Stored> {
  const find = (data: EngramExport) => data.conversations.find((c) => c.id === id);
  const { data } = await exportUntil(options, (d) => {
    const c = find(d);
    return !!c && ready(c);
  });
  return find(data)!;
}

describe.skipIf(!hasSharedPages())('Claude real captures in the browser', () => {
  beforeAll(async () => {
    h = await launch();
    await serveSite(h.context, claude);
    options = await openOptions(h);
  });
  afterAll(async () => h?.close());

  test.each([
    ['claude-2026-02-27.html', '6f0d2c1e-4444-4a2b-9c3d-000000000001', CLAUDE_2026_02_27],
    ['claude-2026-05-formatting.html', '6f0d2c1e-4444-4a2b-9c3d-000000000002', CLAUDE_2026_05_FORMATTING],
  ] as const)('%s: from the page, then from the JSON, every turn as outlined', async (name, id, want) => {
    const fragment = readFileSync(join(SHARED_PAGES, name), 'utf8');
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Claude</title></head><body>${fragment}</body></html>`;
    // Claude's page is read only for a chat its JSON confirmed (#34): it answers once, empty, then fails.
    const page = await openWhereJsonFails(h.context, claude, id, '404', html);
    const fromPage = await storedWhen(id, (c) => c.turns.length === want.length);
    expect(fromPage.health?.strategy).toBe('page');
    expectOutline(fromPage.turns, want);
    claude.conversations.set(id, {
      mode: 'ok',
      turns: fromPage.turns.map((t, i) => ({ id: `json-${i}`, role: t.role, text: t.text })),
    });
    await page.reload();
    const fromJson = await storedWhen(id, (c) => c.health?.strategy === 'api');
    expectOutline(
      fromJson.turns.filter((t) => !t.superseded),
      want,
    );
    await page.close();
  });
});
