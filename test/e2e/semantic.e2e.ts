// The semantic recall tier in Chromium (#5): the configured OpenAI-compatible provider's /v1/embeddings is
// a routed fake that maps "car" and "automobile" close together. A memory that shares no word with the draft
// reaches the composer only when "Match by meaning" is on; vectors survive a service-worker restart.
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { textHash } from '../../lib/recall/vectors';
import { fixture, launch, openOptions, servePage, type Harness, stopServiceWorker } from './harness';
import { addMemories, chooseOpenAiCompatible } from './options';
import { manyMemories, seedRows } from './seed';
import { confirmPreview, previewDraft } from './preview';

const CHAT = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-000000000051';
const BASE = 'https://embeddings.engram.test/v1';
const CAR = 'I drive an automobile to work every day.';
const BAND = 'My favourite band is Radiohead.';
const BEES = 'I keep bees on the roof.';
const DRAFT = 'Which car insurance should I get?';

// Deterministic vectors: one axis per concept, a little of a shared axis so nothing is exactly orthogonal.
const CONCEPTS = [/\b(car|automobile|vehicle)/i, /\b(band|music|radiohead)/i, /\bbees?\b/i];
const DIMS = 512;
const vectorOf = (text: string) => {
  const v = new Array<number>(DIMS).fill(0);
  CONCEPTS.forEach((c, i) => (v[i] = c.test(text) ? 1 : 0));
  v[CONCEPTS.length] = 0.2;
  return v;
};

let h: Harness;
/** Every text the fake endpoint was asked to embed, in order. */
const embedded: string[] = [];
const asked: { dimensions?: number; authorization?: string }[] = [];
let delayMs = 0;

async function embeddings(route: Route): Promise<void> {
  const body = route.request().postDataJSON() as { input: string[]; dimensions?: number };
  embedded.push(...body.input);
  asked.push({ dimensions: body.dimensions, authorization: route.request().headers().authorization });
  if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
  const data = body.input.map((t, index) => ({ object: 'embedding', index, embedding: vectorOf(t) }));
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
}

/** Opens the chat, types the draft, opens the preview; returns the texts it lists and ms from the click. */
const preview = (draft: string) => previewDraft(h.context, CHAT, draft);

beforeAll(async () => {
  h = await launch({ grantOrigins: ['https://embeddings.engram.test/*'] });
  await h.context.route(`${BASE}/embeddings`, embeddings);
  await servePage(h.context, CHAT, fixture('pages/chatgpt-current.html'));
  const options = await openOptions(h, 'model');
  console.log(`after Save: ${await chooseOpenAiCompatible(options, BASE)}`);
  await options.goto(options.url().replace(/#.*$/, '#memories'));
  await addMemories(options, [CAR, BAND, BEES]);
  await options.close();
}, 60_000);
afterAll(async () => h?.close());

describe('semantic recall through a routed /v1/embeddings', () => {
  test('off (the default): the automobile memory is not offered for a draft about a car', async () => {
    const { chat, lines } = await preview(DRAFT);
    expect(lines.join('\n')).not.toContain('automobile');
    expect(embedded).toEqual([]);
    await chat.close();
  });

  test('on: Settings shows the tier embedding every memory, and the memory is inserted', async () => {
    const options = await openOptions(h, 'settings');
    await options.getByLabel('Match by meaning').check();
    await options.getByRole('button', { name: 'Save settings' }).click();
    const status = options.getByTestId('semantic-status');
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toBe('Match by meaning: on · 3 of 3 memories embedded with text-embedding-3-small');
    await options.close();
    expect([...embedded].sort()).toEqual([BAND, CAR, BEES].sort());
    expect(asked.every((a) => a.dimensions === 512 && a.authorization === 'Bearer test-key')).toBe(true);
    const { chat, lines, ms } = await preview(DRAFT);
    console.log(`preview with semantic recall and a routed endpoint: ready ${ms} ms after the click`);
    expect(lines.some((l) => l.includes(CAR))).toBe(true);
    expect(lines.some((l) => l.includes(BAND) || l.includes(BEES))).toBe(false);
    await confirmPreview(chat);
    const text = await chat.locator('#prompt-textarea').innerText();
    expect(text).toContain(CAR);
    expect(text).not.toContain(BAND);
    await chat.close();
  });

  test('after a service-worker restart the vectors are read back: only the new query is embedded', async () => {
    const page = await openOptions(h, 'settings');
    await stopServiceWorker(page);
    await page.close();
    const before = embedded.length;
    const { chat, lines } = await preview('Where do I park the vehicle?');
    expect(lines.some((l) => l.includes(CAR))).toBe(true);
    expect(embedded.slice(before)).toEqual(['Where do I park the vehicle?']);
    await chat.close();
  });

  test('a memory added later is embedded in the background, without any preview asking for it', async () => {
    const options = await openOptions(h, 'memories');
    await addMemories(options, ['We are saving for an electric vehicle.']);
    await options.goto(options.url().replace(/#.*$/, '#settings'));
    await expect
      .poll(() => options.getByTestId('semantic-status').textContent(), { timeout: 20_000 })
      .toBe('Match by meaning: on · 4 of 4 memories embedded with text-embedding-3-small');
    expect(embedded.at(-1)).toBe('We are saving for an electric vehicle.');
    await options.close();
  });

  test('a slow endpoint: the preview falls back to word matching within the timeout, with no error', async () => {
    delayMs = 5000;
    const { chat, lines, ms } = await preview('Any new Radiohead album?');
    delayMs = 0;
    console.log(`preview with a 5 s embeddings endpoint: ready ${ms} ms after the click`);
    expect(lines.some((l) => l.includes(BAND))).toBe(true);
    expect(await chat.getByRole('alert').count()).toBe(0);
    // It waited for the tier (800 ms), then answered from the words alone, long before the endpoint did.
    expect(ms).toBeGreaterThanOrEqual(750);
    expect(ms).toBeLessThan(2500);
    await chat.close();
  });
});

// Not a target of the issue, a measurement (#5, item 6 of the embedder brief): 10k memories with 512-dim
// vectors already stored, the worker restarted, then previews with fresh drafts in Chromium.
describe('10,000 stored vectors', () => {
  test('the first preview after a restart, then the next ones, with semantic recall on', async () => {
    const options = await openOptions(h, 'memories');
    const rows = manyMemories(10_000);
    await seedRows(options, { memories: rows });
    const hashes = rows.map((m) => [m.id, textHash(m.text)] as const);
    await options.evaluate(
      async ({ hashes, model, dims }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open('engram');
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        let seed = 7;
        const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5;
        const tx = db.transaction('embeddings', 'readwrite');
        for (const [memoryId, textHash] of hashes) {
          const vector = Float32Array.from({ length: dims }, rand);
          const norm = Math.hypot(...vector);
          tx.objectStore('embeddings').put({
            memoryId,
            model,
            textHash,
            vector: vector.map((x) => x / norm),
          });
        }
        await new Promise((resolve, reject) => ((tx.oncomplete = resolve), (tx.onerror = reject)));
        db.close();
      },
      { hashes, model: `${BASE}#text-embedding-3-small@512`, dims: DIMS },
    );
    await stopServiceWorker(options);
    await options.close();
    const before = embedded.length;
    const first = await preview('Which car should I buy for the garden centre?');
    await first.chat.close();
    const later: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { chat, ms } = await preview(`car question ${i} about piano and tea`);
      later.push(ms);
      await chat.close();
    }
    const off = await openOptions(h, 'settings');
    await off.getByLabel('Match by meaning').uncheck();
    await off.getByRole('button', { name: 'Save settings' }).click();
    await off.getByText('Settings saved.').waitFor();
    await off.close();
    const lexical: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { chat, ms } = await preview(`car question ${i + 20} about piano and tea`);
      lexical.push(ms);
      await chat.close();
    }
    const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `10k vectors: first preview after restart ${first.ms} ms; then p50 ${p50(later)} ms (max ` +
        `${Math.max(...later)}) with semantic recall, p50 ${p50(lexical)} ms (max ${Math.max(...lexical)}) without`,
    );
    expect(first.lines.some((l) => l.includes(CAR))).toBe(true);
    // Only the 13 drafts were embedded: the stored vectors were read, not recomputed.
    expect(embedded.length - before).toBe(13);
  });
});
