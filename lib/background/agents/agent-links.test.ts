// Settings are applied in the order they were made (#34 item 10): the path saved on blur and "Make a secret" at
// once lost one of the two writes, or told the offscreen document "no secret" after the secret.
import 'fake-indexeddb/auto';
import { beforeEach, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { agentsItem, AGENTS_OFF } from '../../store/agents';
import { newAgentSecret, setAgents } from './agent-settings';
import { agentsApplied, inOrder, startAgents } from './agent-links';

beforeEach(async () => {
  fakeBrowser.reset();
  await agentsItem.setValue({ ...AGENTS_OFF, enabled: true });
});

const tick = () => new Promise((r) => setTimeout(r, Math.random() * 5));

test('the path and a new secret made at once are both stored, and the last word the link hears is the secret', async () => {
  for (let round = 0; round < 10; round++) {
    await agentsItem.setValue({ ...AGENTS_OFF, enabled: true });
    const heard: (string | null)[] = [];
    // The document answers after a while, as a message round trip does: "no secret" is quick, a key slower.
    const configure = async (secret: string | null) => {
      await tick();
      if (secret) await tick();
      heard.push(secret);
    };
    const stop = startAgents({ configureAgents: configure });
    const [, made] = await Promise.all([
      setAgents({ serverPath: `/srv/${round}/engram-mcp.js` }),
      newAgentSecret(),
    ]);
    await agentsApplied();
    stop();
    const stored = await agentsItem.getValue();
    expect(stored).toMatchObject({ serverPath: `/srv/${round}/engram-mcp.js`, secret: made.secret });
    expect(heard.at(-1)).toBe(made.secret);
  }
});

test('inOrder runs one at a time, and a burst of calls costs one more run, which sees the last change', async () => {
  let state = 0;
  const seen: number[] = [];
  const run = inOrder(async () => {
    const read = state;
    await new Promise((r) => setTimeout(r, 5));
    seen.push(read);
  });
  const first = run();
  await new Promise((r) => setTimeout(r, 1));
  state = 1;
  const burst = [run(), run(), run()];
  state = 2;
  await Promise.all([first, ...burst]);
  expect(seen).toEqual([0, 2]);
});
