// `npm run bench:capture` (#3): main-thread busy time while a 2,000-token answer streams into a 200-turn ChatGPT
// page, with and without Engram loaded. Busy time is CDP Performance.getMetrics TaskDuration (every task on the
// renderer's main thread, content scripts included), measured from the start of the stream until 500 ms after
// it ends, so the capture that follows the stream is counted. Runs alternate; medians and the ratio are printed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const EXTENSION = resolve('.output/chrome-mv3');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TURNS = 200;
const TOKENS = 2000;
const TOKENS_PER_FRAME = 4; // ~60 tokens/s at 16 ms frames, about ChatGPT's speed
const URL = 'https://chatgpt.com/c/6f0d2c1e-bbbb-4a2b-9c3d-000000000001';

const words = (n, seed) => Array.from({ length: n }, (_, i) => `word${(i * 7 + seed) % 97}`).join(' ');

function turn(i) {
  const role = i % 2 === 0 ? 'user' : 'assistant';
  const body =
    role === 'user'
      ? `<div class="whitespace-pre-wrap">${words(20, i)}</div>`
      : `<div class="markdown prose"><p>${words(60, i)}</p><pre><code>const x = ${i};</code></pre><p>${words(40, i + 1)}</p></div>`;
  return `<article data-testid="conversation-turn-${i + 1}" data-turn="${role}"><div data-message-author-role="${role}" data-message-id="m-${i}">${body}</div></article>`;
}

// The page streams like the site: a fetch of its own reply endpoint (which Engram's tap observes), then text
// appended a few tokens per frame, with the stop button shown until the end.
const STREAM = `
window.__stream = async () => {
  const reply = await fetch('/backend-api/f/conversation', { method: 'POST', body: '{}' });
  await reply.text();
  const thread = document.getElementById('thread');
  const article = document.createElement('article');
  article.dataset.testid = 'conversation-turn-${TURNS + 1}';
  article.innerHTML = '<div data-message-author-role="assistant" data-message-id="m-new"><div class="markdown prose"><p></p></div></div>';
  thread.append(article);
  const stop = document.createElement('button');
  stop.dataset.testid = 'stop-button';
  document.getElementById('composer').append(stop);
  const p = article.querySelector('p');
  for (let t = 0; t < ${TOKENS}; t += ${TOKENS_PER_FRAME}) {
    await new Promise((r) => requestAnimationFrame(r));
    p.append(document.createTextNode(' tok' + t + ' tok' + (t + 1) + ' tok' + (t + 2) + ' tok' + (t + 3)));
  }
  stop.remove();
};`;

const PAGE = `<!doctype html><html><head><title>Bench</title></head><body><main><div id="thread">${Array.from(
  { length: TURNS },
  (_, i) => turn(i),
).join('')}</div><form id="composer"><div id="prompt-textarea" contenteditable="true"></div></form></main>
<script>${STREAM}</script></body></html>`;

function findChromium() {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && existsSync(p),
  );
  if (!found) throw new Error('No Chromium: sudo apt-get install -y chromium, or set CHROMIUM_PATH.');
  return found;
}

async function run(withExtension) {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-'));
  const extensionArgs = withExtension
    ? [`--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`]
    : [];
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: findChromium(),
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', ...extensionArgs],
  });
  try {
    await context.route(/^https?:/, (r) => r.abort('blockedbyclient'));
    await context.route(URL, (r) => r.fulfill({ contentType: 'text/html', body: PAGE }));
    await context.route('https://chatgpt.com/backend-api/f/conversation', (r) =>
      r.fulfill({
        contentType: 'text/event-stream',
        body: `data: {"conversation_id":"6f0d2c1e-bbbb-4a2b-9c3d-000000000001"}\n\ndata: [DONE]\n\n`,
      }),
    );
    if (withExtension && context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
    const page = await context.newPage();
    await page.goto(URL);
    await page.waitForTimeout(1500); // the initial capture of 200 turns settles before measuring
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    const before = await busy();
    await page.evaluate('window.__stream()');
    await page.waitForTimeout(500);
    const total = (await busy()) - before;
    const { profile } = await cdp.send('Profiler.stop');
    return { total, engram: extensionSelfTime(profile) };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seconds of samples whose own frame is Engram's code (content scripts in the page's renderer). */
function extensionSelfTime(profile) {
  const urls = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url]));
  let micros = 0;
  profile.samples.forEach((id, i) => {
    if (urls.get(id)?.startsWith('chrome-extension://')) micros += profile.timeDeltas[i + 1] ?? 0;
  });
  return micros / 1e6;
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))];
};

if (!existsSync(join(EXTENSION, 'manifest.json'))) throw new Error('Build first: npm run build');
const samples = { without: [], with: [], engram: [] };
const ms = (s) => `${(s * 1000).toFixed(0)} ms`;
for (let i = 0; i < RUNS; i++) {
  samples.without.push((await run(false)).total);
  const withEngram = await run(true);
  samples.with.push(withEngram.total);
  samples.engram.push(withEngram.engram);
  const [a, b, c] = [samples.without[i], withEngram.total, withEngram.engram];
  console.log(`run ${i + 1}/${RUNS}: without ${ms(a)}, with ${ms(b)} (Engram's own script ${ms(c)})`);
}
const medWithout = quantile(samples.without, 0.5);
const medWith = quantile(samples.with, 0.5);
const medEngram = quantile(samples.engram, 0.5);
console.log(
  `\n${TOKENS} tokens into a ${TURNS}-turn page; main-thread busy time (CDP TaskDuration), ${RUNS} runs`,
);
console.log(`without Engram: median ${ms(medWithout)}, p95 ${ms(quantile(samples.without, 0.95))}`);
console.log(`with Engram:    median ${ms(medWith)}, p95 ${ms(quantile(samples.with, 0.95))}`);
console.log(
  `Engram's own script (CPU profile): median ${ms(medEngram)}, p95 ${ms(quantile(samples.engram, 0.95))}`,
);
console.log(`ratio with/without, medians of busy time: ${(medWith / medWithout).toFixed(3)} (target ≤ 1.05)`);
console.log(`ratio attributable to Engram's script: ${((medWithout + medEngram) / medWithout).toFixed(3)}`);
