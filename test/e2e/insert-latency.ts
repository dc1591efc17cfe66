// bench:recall's browser half: seeds the extension's own IndexedDB with synthetic memories, then times a
// click on "Insert memory" until the preview's confirm button is ready, inside the page (no polling delay).
import { memories, rng, vocabulary, sentence } from '../../bench/synthetic';
import { fixture, launch, openOptions, servePage } from './harness';

const URL = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-0000000000b1';

function seedRows(count: number) {
  const rand = rng(count);
  const words = vocabulary(20_000, rand);
  const at = '2026-11-01T10:00:00.000Z';
  const rows = memories(count, words, rand).map((m) => ({
    ...m,
    confidence: 1,
    attributedTo: 'user',
    createdAt: at,
    updatedAt: at,
    sources: [],
  }));
  return { rows, draft: sentence(words, 12, rand) };
}

/** One click → ready preview, timed in the page with a MutationObserver on the button's shadow root. */
const timeOneInsert = () =>
  new Promise<number>((resolve) => {
    const root = document.querySelector('engram-insert')?.shadowRoot;
    if (!root) throw new Error('no Insert memory button');
    root.querySelector('.panel')?.remove();
    const started = performance.now();
    const ready = () => {
      const confirm = root.querySelector<HTMLButtonElement>('.panel .primary');
      if (!confirm || confirm.disabled || !root.querySelector('.panel li')) return;
      observer.disconnect();
      resolve(performance.now() - started);
    };
    const observer = new MutationObserver(ready);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    root.querySelector<HTMLButtonElement>('button')?.click();
  });

export async function insertLatency(count: number) {
  const h = await launch();
  try {
    await servePage(h.context, URL, fixture('pages/chatgpt-current.html'));
    const options = await openOptions(h);
    const { rows, draft } = seedRows(count);
    await options.evaluate(async (records) => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const req = indexedDB.open('engram');
        req.onsuccess = () => ok(req.result);
        req.onerror = () => fail(req.error);
      });
      const tx = db.transaction('memories', 'readwrite');
      for (const r of records) tx.objectStore('memories').put(r);
      await new Promise((ok) => (tx.oncomplete = ok));
      db.close();
    }, rows);
    const chat = await h.context.newPage();
    await chat.goto(URL);
    await chat.locator('#prompt-textarea').click();
    await chat.keyboard.type(draft);
    await chat.getByRole('button', { name: 'Insert memory' }).waitFor();
    const cold = await chat.evaluate(timeOneInsert);
    const warm: number[] = [];
    for (let i = 0; i < 15; i++) warm.push(await chat.evaluate(timeOneInsert));
    warm.sort((a, b) => a - b);
    const r = (n: number) => Math.round(n * 10) / 10;
    return {
      memories: count,
      firstClickMs: r(cold),
      clickToReadyMs: { p50: r(warm[7]!), p95: r(warm[14]!), runs: warm.length },
    };
  } finally {
    await h.close();
  }
}
