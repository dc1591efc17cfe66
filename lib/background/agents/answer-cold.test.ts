// remember right after a worker start (#34 item 10): the token encoder is built first, which took 4.4–5.2 s at
// load ~12 on 2 cores, past the 5 s a desktop app's call may take. The app is told to wait (as for the person)
// instead of getting "Engram did not answer in time" for a proposal that was stored anyway. Its own file: the
// encoder must be cold, and every other agent test builds it first.
import { beforeEach, expect, test } from 'vitest';
import type { Call } from '../../model/agent-wire';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { settingsItem } from '../../settings';
import { agentsItem, AGENTS_OFF } from '../../store/agents';
import { deleteDb } from '../../store/db';
import { listMemories } from '../../store/memories';
import { tokensWarm } from '../../tokens';
import { finishAsk, startCall } from './answer';

const agent = { name: 'Cursor', version: '1.2' };
const remember = (id: number, text: string): Call => ({
  t: 'call',
  id,
  agent,
  tool: 'remember',
  args: { text },
});

beforeEach(async () => {
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
  await agentsItem.setValue({ ...AGENTS_OFF, enabled: true, secret: 'engram-mcp-1.x' });
});

test('remember on a cold encoder has the app wait, then answers; once it is built, at once', async () => {
  expect(tokensWarm()).toBe(false);
  const first = await startCall({ port: 47310, call: remember(1, 'Likes oolong.') });
  expect(first).toEqual({ ask: expect.any(String) });
  const done = await finishAsk((first as { ask: string }).ask);
  expect(done).toMatchObject({ ok: true, data: { status: 'waiting for review' } });
  expect((await listMemories('pending')).map((m) => m.text)).toEqual(['Likes oolong.']);
  // The wait was for the encoder alone: warm, the call is answered in one step.
  expect(tokensWarm()).toBe(true);
  const second = await startCall({ port: 47310, call: remember(2, 'Walks to work.') });
  expect(second).toMatchObject({ ok: true, data: { status: 'waiting for review' } });
  // Its id is spent: asking again for it is no answer at all, not the proposal twice.
  expect(await finishAsk((first as { ask: string }).ask)).toMatchObject({ ok: false });
}, 60_000);
