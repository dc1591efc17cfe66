// One memory across sites (#24, #36): what a person told Gemini becomes a memory (through a local OpenAI-compatible
// server, llm-server.ts) that a new ChatGPT chat offers and inserts, and what they told ChatGPT is offered in a new
// Gemini chat and typed into Gemini's editor; what they told Grok (its JSON) is offered in a new Copilot chat and
// typed into Copilot's textarea. Each memory's source links back to the conversation it came from.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { exportUntil } from './export';
import { fixture, servePage, type Harness } from './harness';
import type { LlmServer } from './llm-server';
import { gemini, sitePage } from './more-sites';
import { grok } from './round-two';
import { launchWithLocalModel } from './options';
import { confirmPreview, previewDraft } from './preview';
import { captureChat } from './records';
import { chatgpt, serveSite } from './sites';

let h: Harness;
let llm: LlmServer;
let options: Page;

/** The extractor's answer: one memory from the first turn; the consolidation's: add it. */
const memoryFor = (text: string) => (body: string) =>
  body.includes('You keep a long-term memory')
    ? JSON.stringify({
        memories: [
          {
            ...{ text, type: 'profile', priority: 60, confidence: 0.95, attributedTo: 'user' },
            ...{ occurredStart: null, occurredEnd: null, sourceTurns: [1] },
          },
        ],
      })
    : JSON.stringify({ operations: [{ fact: 1, op: 'ADD', target: null, text, reason: 'new' }] });

async function extractNow(): Promise<void> {
  await options.goto(options.url().replace(/#.*$/, '#model'));
  await options.getByRole('button', { name: 'Extract now' }).click();
}

async function memoryFrom(site: string, text: string) {
  const { data } = await exportUntil(options, (d) => d.memories.some((m) => m.text === text), 30_000);
  const memory = data.memories.find((m) => m.text === text)!;
  expect(memory.sources[0]?.site).toBe(site);
  return memory;
}

beforeAll(async () => {
  ({ h, llm, options } = await launchWithLocalModel());
  await serveSite(h.context, chatgpt);
  await serveSite(h.context, grok);
  await servePage(h.context, 'https://chatgpt.com/', fixture('pages/chatgpt-current.html'));
  await servePage(h.context, 'https://copilot.microsoft.com/', sitePage('copilot'));
  await servePage(h.context, 'https://gemini.google.com/app', sitePage('gemini'));
  // Memories only: a quote of the turn a memory came from may stand in for it (scope-past.e2e covers quotes).
  const settings = { ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, rawTurns: false } };
  await options.evaluate((s) => chrome.storage.local.set({ settings: s }), settings);
}, 90_000);
afterAll(async () => {
  await h?.close();
  await llm?.close();
});

test('a memory captured on Gemini is offered in a new ChatGPT chat, and inserted there', async () => {
  const memory = 'Keeps three beehives on a Lisbon rooftop.';
  llm.reply(memoryFor(memory));
  const url = gemini.url('6cc71b18a6f6bb01');
  const told = 'I keep three beehives on my Lisbon rooftop.';
  await captureChat(
    h.context,
    url,
    sitePage('gemini', (html) => html.replace('How do I print in Elixir?', told)),
  );
  await extractNow();
  const stored = await memoryFrom('gemini', memory);
  // Its source is the Gemini conversation, linked as the site shows it.
  expect(stored.sources[0]).toMatchObject({ conversationId: '6cc71b18a6f6bb01', url });
  expect(llm.requests.some((r) => r.body.includes('three beehives on my Lisbon rooftop'))).toBe(true);
  const { chat, lines } = await previewDraft(
    h.context,
    'https://chatgpt.com/',
    'Where should the beehives go?',
  );
  expect(lines.some((l) => l.includes(memory))).toBe(true);
  await confirmPreview(chat);
  expect(await chat.locator('#prompt-textarea').innerText()).toContain(memory);
  await chat.close();
}, 120_000);

test('a memory captured on ChatGPT is offered in a new Gemini chat, and typed into its editor', async () => {
  const memory = 'Is learning Portuguese before moving to Porto.';
  llm.reply(memoryFor(memory));
  const id = '6f0d2c1e-8888-4a2b-9c3d-000000000001';
  chatgpt.conversations.set(id, {
    mode: 'ok',
    turns: [
      { id: 'pt-u1', role: 'user', text: 'I am learning Portuguese before I move to Porto.' },
      { id: 'pt-a1', role: 'assistant', text: 'Boa sorte! Start with the sounds.' },
    ],
  });
  await captureChat(h.context, chatgpt.url(id), fixture('pages/chatgpt-older.html'));
  await extractNow();
  const stored = await memoryFrom('chatgpt', memory);
  expect(stored.sources[0]).toMatchObject({ conversationId: id, url: chatgpt.url(id) });
  const draft = 'How do I say thank you in Portuguese?';
  const { chat, lines } = await previewDraft(h.context, 'https://gemini.google.com/app', draft, '.ql-editor');
  expect(lines.some((l) => l.includes(memory))).toBe(true);
  await confirmPreview(chat);
  const typed = await chat.locator('.ql-editor').innerText();
  expect(typed).toContain(memory);
  expect(typed.trim().endsWith(draft)).toBe(true);
  await chat.close();
}, 120_000);

test('a memory captured on Grok (from its JSON) is offered in a new Copilot chat, and typed into its textarea', async () => {
  const memory = 'Grows chillies on a south-facing windowsill in Porto.';
  llm.reply(memoryFor(memory));
  const id = '6f0d2c1e-9999-4a2b-9c3d-000000000001';
  grok.conversations.set(id, {
    mode: 'ok',
    turns: [
      { id: 'gk-u1', role: 'user', text: 'I grow chillies on my south-facing windowsill in Porto.' },
      { id: 'gk-a1', role: 'assistant', text: 'Lucky chillies: they love the sun.' },
    ],
  });
  await captureChat(h.context, grok.url(id), sitePage('grok'));
  await extractNow();
  const stored = await memoryFrom('grok', memory);
  expect(stored.sources[0]).toMatchObject({ conversationId: id, url: grok.url(id) });
  expect(llm.requests.some((r) => r.body.includes('chillies on my south-facing windowsill'))).toBe(true);
  const draft = 'Which chilli varieties suit a windowsill?';
  const { chat, lines } = await previewDraft(
    h.context,
    'https://copilot.microsoft.com/',
    draft,
    '#userInput',
  );
  expect(lines.some((l) => l.includes(memory))).toBe(true);
  await confirmPreview(chat);
  const typed = await chat.locator('#userInput').inputValue();
  expect(typed).toContain(memory);
  expect(typed.trim().endsWith(draft)).toBe(true);
  await chat.close();
}, 120_000);
