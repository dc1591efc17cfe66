// #13 at a real user's scale: a generated ChatGPT export of 2,000 conversations (~83 MB, answers up to 1,500
// words, bench/lib/history.ts) is imported through Options → Data; once indexed, the service worker is stopped
// (as MV3 does after ~30 s idle) and "Insert memory" on a new chat offers the one past turn that answers the
// draft, from the on-disk index rather than a rebuild. bench:past prints the timings (docs/past-index.md).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { needleOf, writeExport } from '../../bench/lib/history';
import { fixture, launch, openOptions, servePage, stopServiceWorker, type Harness } from './harness';
import { clickInsert, previewDialog } from './preview';
import { askBackground as ask } from './records';

const CONVERSATIONS = 2000;
const FILE = join(tmpdir(), `engram-history-${CONVERSATIONS}-seed13.json`);
const CHAT = 'https://chatgpt.com/c/6f0d2c1e-5555-4a2b-9c3d-000000000001';

let h: Harness;
beforeAll(async () => {
  if (!existsSync(FILE)) await writeExport(FILE, CONVERSATIONS, 13);
  h = await launch();
  await servePage(h.context, CHAT, fixture('pages/chatgpt-current.html'));
}, 120_000);
afterAll(async () => h?.close());

interface Stats {
  passages: number;
  pending: number;
  persistent: boolean;
}

test('a 2,000-conversation export, imported and indexed: after a worker stop, Insert memory offers the turn', async () => {
  const options = await openOptions(h, 'data');
  await options.evaluate(() => chrome.storage.local.set({ onboarded: true }));
  await options.getByLabel('Import').setInputFiles(FILE);
  const report = options.getByRole('status').filter({ hasText: /^Imported 2,000 conversations/ });
  await report.waitFor({ timeout: 400_000 });
  // Counts are written as the page's language writes numbers (#37: "16,000" in English).
  const turns = Number(
    /([\d,]+) new turns/.exec((await report.textContent()) ?? '')?.[1]?.replaceAll(',', ''),
  );
  expect(turns).toBeGreaterThan(CONVERSATIONS * 8);
  // Indexed: on disk, nothing left to index, and at least one passage for every turn.
  await expect
    .poll(
      async () => {
        const stats = await ask<Stats>(options, 'getPastIndexStats', {});
        return stats && stats.pending === 0 && stats.persistent && stats.passages >= turns;
      },
      { timeout: 400_000, interval: 2_000 },
    )
    .toBe(true);
  // Options → Data says what the index holds and where, once nothing is left to index.
  await expect
    .poll(() => options.getByText(/^Past chats indexed:/).textContent(), { timeout: 15_000 })
    .toMatch(/^Past chats indexed: [\d,]+ passages, [\d.]+ MB in this browser’s private storage\.$/);
  await options.close();

  const chat = await h.context.newPage();
  await chat.goto(CHAT);
  await stopServiceWorker(chat);
  const target = needleOf(1234);
  await chat.locator('#prompt-textarea').click();
  await chat.keyboard.type(target.draft);
  await clickInsert(chat);
  const dialog = previewDialog(chat);
  await dialog
    .getByText(/tokens ·/)
    .first()
    .waitFor({ timeout: 30_000 });
  const lines = await dialog.getByRole('listitem').allInnerTexts();
  expect(lines.find((l) => l.includes(target.fact))).toMatch(/From a past chat/);
  await chat.close();
}, 900_000);
