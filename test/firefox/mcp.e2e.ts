// Desktop apps in a real Firefox (#27): the background page holds the sockets (Firefox has no offscreen
// document). The same agent as in Chromium: the built engram-mcp started over stdio by the SDK's client.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PORTS } from '../../lib/model/agent-wire';
import { SERVER, startRogue, logged, startAgent, type Agent } from '../e2e/mcp';
import { launchFirefox, poll, type Firefox } from './harness';
import { bidi } from './routing';
import { clickInWindow, windowAt } from './windows';

const MEMORY = 'My allotment is in Ghent and grows leeks.';
let ff: Firefox;
let options: Page;
let secret: string;
const agents: Agent[] = [];

async function agent(s: string, name: string): Promise<Agent> {
  const a = await startAgent(s, name);
  agents.push(a);
  return a;
}

async function section(id: string): Promise<void> {
  await options.evaluate((h) => (location.hash = h), id);
  await options.waitForFunction(
    (h) => document.querySelector('main section')?.getAttribute('aria-labelledby') === `${h}-title`,
    {},
    id,
  );
}

/** Clicks the checkbox labelled `label` until it shows `checked`. */
async function setCheck(label: string, checked: boolean): Promise<void> {
  const box = await options.waitForSelector(`::-p-aria(${label})`);
  if ((await box!.evaluate((el) => (el as HTMLInputElement).checked)) !== checked) await box!.click();
  await options.waitForFunction(
    (l, c) => {
      const input = [...document.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent === l);
      return input?.checked === c;
    },
    {},
    label,
    checked,
  );
  // The box shows the change at once; what an app gets changes once the background stored it.
  await options.waitForFunction(() => !document.querySelector('fieldset[aria-busy="true"]'));
}

beforeAll(async () => {
  // The probes (plain HTTP) and sockets to the servers' ports on 127.0.0.1 go out; nothing else does.
  ff = await launchFirefox({ passThrough: PORTS.map((p) => `http://127.0.0.1:${p}`) });
  options = await ff.openExtensionPage('options.html#memories');
  await options.waitForSelector('form textarea');
  await options.locator('form textarea').fill(MEMORY);
  await options.click('form button[type="submit"]');
  await options.waitForFunction(
    () => document.querySelector<HTMLTextAreaElement>('form textarea')?.value === '',
  );
  await section('agents');
  await setCheck('Let desktop apps use my memories', true);
  // Full paths, as a person types them (#34 item 10); the secret is shown once, apart from the configurations.
  await (await options.waitForSelector('::-p-aria(Where engram-mcp.js is on this computer)'))!.type(SERVER);
  await (await options.waitForSelector('::-p-aria(Where node is)'))!.type(process.execPath);
  await (await options.waitForSelector('::-p-aria(Make a secret)'))!.click();
  const shown = await options.waitForSelector('::-p-aria(Pairing secret)');
  secret = await shown!.evaluate((el) => (el as HTMLTextAreaElement).value);
});
afterAll(async () => {
  for (const a of agents) await a.close().catch(() => undefined);
  await ff?.close();
});

test('a memory added in Options comes back from search_memory', async () => {
  const a = await agent(secret, 'Claude Desktop');
  const found = await a.call('search_memory', { query: 'allotment leeks' });
  expect(found.isError, found.text).toBe(false);
  expect(found.data?.lines).toContainEqual(expect.objectContaining({ text: MEMORY, kind: 'memory' }));
  expect(found.data?.block).toContain(MEMORY);
});

test('remember waits in Review, with the agent as its source', async () => {
  const a = await agent(secret, 'Cursor');
  const text = 'Waters the leeks on Sundays.';
  expect((await a.call('remember', { text })).isError).toBe(false);
  const listed = await a.call('list_memories', {});
  expect(JSON.stringify(listed.data)).toContain(MEMORY);
  expect(JSON.stringify(listed.data)).not.toContain(text);
  await section('review');
  await poll('the proposal in Review', () =>
    options.evaluate(
      (t) =>
        [...document.querySelectorAll('li')].find((li) => li.textContent?.includes(t))?.textContent ?? null,
      text,
    ),
  ).then((card) => expect(card).toContain('New memory from the desktop app “Cursor”'));
});

test('a wrong secret is refused, and with the switch off every tool says so', async () => {
  const wrong = await agent(`engram-mcp-1.${'B'.repeat(43)}`, 'Impostor');
  await logged(wrong, /refused a connection: bad proof/);
  // engram-mcp's words since #34 item 9 (mcp/src/say.ts), as the Chromium suite reads them.
  expect((await wrong.call('list_memories', {})).text).toMatch(
    /^Engram is not connected, and a connection that could not prove this server's secret/,
  );
  const a = await agent(secret, 'Claude Code');
  expect((await a.call('list_memories', {})).isError).toBe(false);
  await section('agents');
  await setCheck('Let desktop apps use my memories', false);
  const off = await a.call('search_memory', { query: 'allotment' });
  expect(off.text).toBe(
    "Engram's Desktop apps switch is off: the person can switch it on in Engram's Options → Desktop apps.",
  );
  expect(off.ms).toBeLessThan(5_000);
});

test('a program listening on a port of the range without the secret gets no answer', async () => {
  const { seen, closed, close } = await startRogue();
  try {
    await section('agents');
    await setCheck('Let desktop apps use my memories', true);
    expect(await closed).toBe(4401);
    expect(seen.map((m) => (JSON.parse(m) as { t: string }).t)).toEqual(['auth']);
  } finally {
    close();
  }
});

test('Ask me each time: the person’s Allow answers a search, in an Engram window', async () => {
  await section('agents');
  await setCheck('Let desktop apps use my memories', true);
  await setCheck('Ask me each time', true);
  const a = await agent(secret, 'Asks in Firefox');
  const answer = a.call('search_memory', { query: 'allotment leeks' });
  const connection = bidi(ff.browser);
  const ask = await windowAt(connection, '/ask.html#');
  await clickInWindow(connection, ask, 'Allow', 'allotment leeks');
  const found = await answer;
  expect(found.isError, found.text).toBe(false);
  expect(found.data?.block).toContain(MEMORY);
  await setCheck('Ask me each time', false);
});
