// @vitest-environment happy-dom
// A DOM environment here: this test reads a shared page with DOMParser (vitest.config.ts).
// A partly mounted ChatGPT thread never loses turns (#14): the whole chain from the site JSON and from the
// page (test/fixtures/pages/chatgpt-partial.html) through the capture handler into the store.
import { beforeEach, describe, expect, test } from 'vitest';
import { loadPage } from '../../../test/fixtures/pages/load';
import { readPage } from '../../capture/capture';
import { chatgptCapture, type BranchLine } from '../../../test/helpers/chatgpt-capture';
import type { CaptureRequest } from '../../model/messages';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { chatgptAdapter } from '../../sites/chatgpt/adapter';
import { deleteDb } from '../../store/db';
import { turnsOf } from '../../store/conversations';
import { handleCapture } from './receive-capture';

const URL_ = 'https://chatgpt.com/c/6f0d2c1e-5555-4a2b-9c3d-000000000001';
const ID = '6f0d2c1e-5555-4a2b-9c3d-000000000001';
const sender = { url: URL_, tab: { id: 7 } };

// The JSON of the whole branch: the page's four mounted turns are its last four (ids p-u3 … p-a4), in markdown.
const BRANCH = [
  ['p-u1', 'user', 'How long does a sourdough starter take?'],
  ['p-a1', 'assistant', 'About **a week** of daily feeds.'],
  ['p-u2', 'user', 'What flour should I feed it?'],
  ['p-a2', 'assistant', 'Wholemeal rye; see [this guide](https://example.org/rye).'],
  ['p-u3', 'user', 'Can I retard the dough overnight in the fridge?'],
  ['p-a3', 'assistant', 'Yes: shape it, cover it and proof it cold for **10 to 14 hours**.'],
  ['p-u4', 'user', 'And bake straight from the fridge?'],
  ['p-a4', 'assistant', 'Straight from the fridge is fine; add five minutes with the lid on.'],
] as const;

function apiCapture(branch: readonly BranchLine[] = BRANCH): CaptureRequest {
  return chatgptCapture(ID, 'Sourdough', branch);
}

function pageCapture(): CaptureRequest {
  const req = readPage(chatgptAdapter, { document: loadPage('chatgpt-partial.html'), href: () => URL_ });
  if (!req) throw new Error('nothing read');
  return req;
}

const stored = async () =>
  (await turnsOf(`chatgpt:${ID}`)).map((t) => [t.id, t.order, t.superseded, t.text] as const);

beforeEach(deleteDb);

describe('a partly mounted ChatGPT thread (#14)', () => {
  test('is read as a partial page capture of the turns it shows', () => {
    const req = pageCapture();
    expect(req.complete).toBe(false);
    expect(req.turns.map((t) => t.id)).toEqual(['p-u3', 'p-a3', 'p-u4', 'p-a4']);
  });

  test('a full API capture followed by a partial page capture loses nothing', async () => {
    await handleCapture(apiCapture(), sender, DEFAULT_SETTINGS);
    const before = await stored();
    expect(before.map(([id, order, superseded]) => [id, order, superseded])).toEqual(
      BRANCH.map(([id], i) => [id, i, false]),
    );
    const reply = await handleCapture(pageCapture(), sender, DEFAULT_SETTINGS);
    expect(reply).toEqual({ stored: 0, seen: 4, skipped: null });
    // Same turns, same order, none superseded, and the JSON's text (markdown, links) is kept, not the page's.
    expect(await stored()).toEqual(before);
  });

  test('a partial page capture followed by the JSON: the JSON fills in the rest, in order', async () => {
    await handleCapture(pageCapture(), sender, DEFAULT_SETTINGS);
    expect((await stored()).map(([id, , superseded]) => [id, superseded])).toEqual([
      ['p-u3', false],
      ['p-a3', false],
      ['p-u4', false],
      ['p-a4', false],
    ]);
    await handleCapture(apiCapture(), sender, DEFAULT_SETTINGS);
    expect(await stored()).toEqual(BRANCH.map(([id, , text], i) => [id, i, false, text]));
  });

  test('a new reply seen only on the page is added after the turns it follows', async () => {
    await handleCapture(apiCapture(BRANCH.slice(0, 6)), sender, DEFAULT_SETTINGS);
    await handleCapture(pageCapture(), sender, DEFAULT_SETTINGS);
    expect((await stored()).map(([id, order, superseded]) => [id, order, superseded])).toEqual(
      BRANCH.map(([id], i) => [id, i, false]),
    );
  });
});
