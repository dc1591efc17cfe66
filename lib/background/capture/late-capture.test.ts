// Reads overlap: the tab reads the site's JSON when a reply finishes while a page read is on its way, two tabs
// read one chat, a worker wakes to a queue of sends. A read begun before the stored one that arrives after it
// must not supersede the newer turns nor revive ones an edit replaced (#33: CI's e2e lost a finished reply's
// turns this way at load 5–7), and the chat's health stays the newer read's.
import { beforeEach, describe, expect, test } from 'vitest';
import { chatgptCapture } from '../../../test/helpers/chatgpt-capture';
import type { CaptureRequest } from '../../model/messages';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { getConversation, turnsOf } from '../../store/conversations';
import { deleteDb } from '../../store/db';
import { handleCapture } from './receive-capture';

const ID = '6f0d2c1e-5555-4a2b-9c3d-00000000late';
const URL_ = `https://chatgpt.com/c/${ID}`;
const sender = { url: URL_, tab: { id: 9 } };
const NOW = new Date('2026-12-07T12:00:00.000Z');
const T = NOW.getTime();

type Line = readonly [string, 'user' | 'assistant', string];
const FIRST: Line[] = [
  ['l-u1', 'user', 'Which tent pegs hold in sand?'],
  ['l-a1', 'assistant', 'Long, wide sand pegs, or buried deadman anchors.'],
];
const REPLY: Line[] = [
  ['l-u2', 'user', 'And on rock?'],
  ['l-a2', 'assistant', 'Tie off to boulders; pegs will not go in.'],
];
const EDITED: Line[] = [
  ['l-u2b', 'user', 'And on frozen ground?'],
  ['l-a2b', 'assistant', 'Ice screws or pegs frozen in with water.'],
];

const capture = (branch: Line[], readAt: number): CaptureRequest => ({
  ...chatgptCapture(ID, 'Pegs', branch),
  readAt,
});

const put = (req: CaptureRequest, at = NOW) => handleCapture(req, sender, DEFAULT_SETTINGS, at);
const visible = async () => (await turnsOf(`chatgpt:${ID}`)).filter((t) => !t.superseded).map((t) => t.id);

beforeEach(deleteDb);

describe('a read that arrives after a newer one (#33)', () => {
  test('does not supersede the turns the newer read stored', async () => {
    await put(capture([...FIRST, ...REPLY], T - 1_000));
    await put(capture(FIRST, T - 5_000)); // begun before the reply finished
    expect(await visible()).toEqual(['l-u1', 'l-a1', 'l-u2', 'l-a2']);
  });

  test('does not revive turns an edit replaced', async () => {
    await put(capture([...FIRST, ...REPLY], T - 9_000));
    await put(capture([...FIRST, ...EDITED], T - 1_000));
    await put(capture([...FIRST, ...REPLY], T - 5_000));
    expect(await visible()).toEqual(['l-u1', 'l-a1', 'l-u2b', 'l-a2b']);
  });

  test('keeps the newer read’s health', async () => {
    await put(capture([...FIRST, ...REPLY], T - 1_000));
    await put({ ...capture(FIRST, T - 5_000), note: 'an older failure' });
    const health = (await getConversation(`chatgpt:${ID}`))?.health;
    expect(health).toMatchObject({
      turnsSeen: 4,
      lastError: null,
      checkedAt: new Date(T - 1_000).toISOString(),
    });
  });

  test('a read begun later still replaces the branch, and a stamp past now counts as now', async () => {
    await put(capture([...FIRST, ...REPLY], T - 5_000));
    await put(capture([...FIRST, ...EDITED], T + 3_600_000));
    expect(await visible()).toEqual(['l-u1', 'l-a1', 'l-u2b', 'l-a2b']);
    const health = (await getConversation(`chatgpt:${ID}`))?.health;
    expect(health?.checkedAt).toBe(NOW.toISOString());
  });
});
