// Every script a person writes in (#28): chats in Japanese, Korean, Chinese, Russian, German, Spanish and
// English, imported as a ChatGPT export, are found in "From past chats" by a draft that shares a noun with them
// in another form (Japanese and Chinese have no spaces, Korean glues particles to nouns, Russian and German
// inflect), and the memory manager's search finds a noun inside a Japanese sentence. The chats and drafts are
// the multilingual recall set's (test/fixtures/languages/recall-set.json; eval:languages scores all of it).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { readLanguageSet } from '../../eval/languages-score';
import { fixture, launch, openOptions, servePage, type Harness } from './harness';
import { clickInsert, previewDialog } from './preview';

const SET = readLanguageSet(join(__dirname, '../fixtures/languages/recall-set.json'));
const CHAT = 'https://chatgpt.com/c/6f0d2c1e-2828-4a2b-9c3d-000000000001';
// One draft per language, each sharing a noun with one chat in another form than the chat writes it.
const DRAFTS: Record<string, { draft: string; found: string }> = {
  ja: { draft: '嵐山の旅館はもう予約したほうがいいですか', found: '旅館' },
  ko: { draft: '호텔이 공항에서 얼마나 멀어요?', found: '호텔' },
  zh: { draft: '那家酒店的早餐怎么样？', found: '酒店' },
  ru: { draft: 'Как дрессировать лабрадора?', found: 'абрадор' },
  de: { draft: 'Wie lang ist der Radweg an der Donau?', found: 'Donauradweg' },
  es: { draft: '¿Qué hoteles baratos hay cerca de la catedral de Sevilla?', found: 'Sevilla' },
  en: { draft: 'How often should I feed a rye starter?', found: 'starter' },
};

/** The set's chats as a ChatGPT export: one conversation each, the person's turn first. */
function exportFile(): string {
  const conversations = SET.languages.flatMap((l) =>
    l.chats.map((chat, c) => {
      const created = Date.parse(chat.at) / 1000;
      const mapping: Record<string, unknown> = {
        root: { id: 'root', message: null, parent: null, children: [] },
      };
      let parent = 'root';
      chat.turns.forEach((text, i) => {
        const id = `${chat.key}-${i}`;
        const author = { role: i % 2 ? 'assistant' : 'user' };
        const content = { content_type: 'text', parts: [text] };
        mapping[id] = {
          id,
          parent,
          children: [],
          message: { id, author, create_time: created + i, recipient: 'all', content },
        };
        parent = id;
      });
      const id = `6f0d2c1e-2828-4a2b-9c3d-${String(SET.languages.indexOf(l) * 10 + c + 100).padStart(12, '0')}`;
      return {
        conversation_id: id,
        id,
        title: chat.key,
        create_time: created,
        current_node: parent,
        mapping,
      };
    }),
  );
  const file = join(tmpdir(), `engram-languages-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(conversations));
  return file;
}

let h: Harness;
let options: Page;
beforeAll(async () => {
  h = await launch();
  await servePage(h.context, CHAT, fixture('pages/chatgpt-current.html'));
  options = await openOptions(h, 'data');
}, 60_000);
afterAll(async () => h?.close());

async function previewLines(draft: string): Promise<string[]> {
  const chat = await h.context.newPage();
  await chat.goto(CHAT);
  await chat.locator('#prompt-textarea').click();
  await chat.keyboard.insertText(draft);
  await clickInsert(chat);
  const dialog = previewDialog(chat);
  await dialog
    .getByText(/tokens ·|Nothing to insert yet/)
    .first()
    .waitFor();
  const lines = await dialog.getByRole('listitem').allInnerTexts();
  await chat.close();
  return lines;
}

test('imported chats in seven languages are each found by a draft sharing a noun', async () => {
  await options.getByLabel('Import').setInputFiles(exportFile());
  await expect
    .poll(() => options.getByRole('status').first().textContent(), { timeout: 30_000 })
    .toContain('Imported 28 conversations, 112 new turns');
  // The index has taken every turn when Options says so.
  await expect
    .poll(() => options.getByText(/Past chats indexed: \d+ passages/).count(), { timeout: 60_000 })
    .toBe(1);
  for (const [lang, { draft, found }] of Object.entries(DRAFTS)) {
    const lines = await previewLines(draft);
    const quoted = lines.filter((l) => /from a past chat/i.test(l));
    expect(
      quoted.some((l) => l.includes(found)),
      `${lang}: ${draft}\n${lines.join('\n')}`,
    ).toBe(true);
  }
}, 180_000);

test('the memory manager finds 抹茶 inside a Japanese sentence, and 호텔 in 호텔을', async () => {
  await options.goto(options.url().replace(/#.*$/, '#memories'));
  await options.reload();
  for (const text of ['私は大阪に住んでいて、毎朝抹茶を飲みます。', '바다가 보이는 호텔을 좋아한다.']) {
    await options.getByLabel('New memory').fill(text);
    await options.getByRole('button', { name: 'Add memory' }).click();
    await options.getByRole('listitem').filter({ hasText: text }).waitFor();
  }
  const search = options.getByRole('searchbox');
  const row = (text: string) => options.getByRole('listitem').filter({ hasText: text });
  await search.fill('抹茶');
  await expect.poll(() => row('毎朝抹茶を飲みます').count()).toBe(1);
  expect(await row('호텔을 좋아한다').count()).toBe(0);
  await search.fill('호텔이');
  await expect.poll(() => row('호텔을 좋아한다').count()).toBe(1);
  expect(await row('毎朝抹茶を飲みます').count()).toBe(0);
}, 60_000);
