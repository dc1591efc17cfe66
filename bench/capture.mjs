// `npm run bench:capture` (#3, #24): main-thread busy time while a 2,000-token answer streams into a 200-turn
// ChatGPT page and a 200-turn Gemini page, with and without Engram loaded. Busy time is CDP Performance.getMetrics
// TaskDuration (every task on the renderer's main thread, content scripts included), measured from the start of
// the stream until 500 ms after it ends, so the capture that follows the stream is counted. Runs alternate;
// medians and the ratio are printed per page. BENCH_SITES=gemini runs one page; BENCH_RUNS sets the runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const EXTENSION = resolve('.output/chrome-mv3');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TURNS = 200;
const TOKENS = 2000;
const TOKENS_PER_FRAME = 4; // ~60 tokens/s at 16 ms frames, about ChatGPT's speed

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

const CHATGPT = {
  url: 'https://chatgpt.com/c/6f0d2c1e-bbbb-4a2b-9c3d-000000000001',
  page: `<!doctype html><html><head><title>Bench</title></head><body><main><div id="thread">${Array.from(
    { length: TURNS },
    (_, i) => turn(i),
  ).join('')}</div><form id="composer"><div id="prompt-textarea" contenteditable="true"></div></form></main>
<script>${STREAM}</script></body></html>`,
  reply: 'https://chatgpt.com/backend-api/f/conversation',
  replyBody: `data: {"conversation_id":"6f0d2c1e-bbbb-4a2b-9c3d-000000000001"}\n\ndata: [DONE]\n\n`,
};

// Gemini (#24): one .conversation-container per exchange (100 of them: 200 turns), the answer's live region busy
// while it streams, the reply over XMLHttpRequest to StreamGenerate (which Engram's XHR seam observes). Gemini is
// read from the page only, and always as a window (lib/sites/gemini/adapter.ts), so every read parses it all.
function exchange(i) {
  const prompt = `<user-query><div class="query-text"><p class="query-text-line">${words(20, i)}</p></div></user-query>`;
  const answer = `<model-response><message-content><div class="markdown markdown-main-panel" aria-busy="false"><p>${words(60, i)}</p><pre><code>const x = ${i};</code></pre><p>${words(40, i + 1)}</p></div></message-content></model-response>`;
  return `<div class="conversation-container" id="c${i}">${prompt}${answer}</div>`;
}

const GEMINI_REPLY = '/_/BardChatUi/data/assistant.lamda.BardFrontendService/StreamGenerate';

const GEMINI_STREAM = `
window.__stream = async () => {
  await new Promise((done) => {
    const reply = new XMLHttpRequest();
    reply.open('POST', '${GEMINI_REPLY}?bl=boq&_reqid=1');
    reply.addEventListener('loadend', done);
    reply.send('f.req=%5B%5D');
  });
  const scroller = document.querySelector('infinite-scroller');
  const box = document.createElement('div');
  box.className = 'conversation-container';
  box.innerHTML = '<user-query><div class="query-text"><p class="query-text-line">and then?</p></div></user-query>' +
    '<model-response><message-content><div class="markdown markdown-main-panel" aria-busy="true"><p></p></div></message-content></model-response>';
  scroller.append(box);
  const live = box.querySelector('.markdown');
  const p = live.querySelector('p');
  for (let t = 0; t < ${TOKENS}; t += ${TOKENS_PER_FRAME}) {
    await new Promise((r) => requestAnimationFrame(r));
    p.append(document.createTextNode(' tok' + t + ' tok' + (t + 1) + ' tok' + (t + 2) + ' tok' + (t + 3)));
  }
  live.setAttribute('aria-busy', 'false');
};`;

const GEMINI = {
  url: 'https://gemini.google.com/app/6cc71b18a6f6bbbb',
  page: `<!doctype html><html><head><title>Bench</title></head><body><chat-window><div id="chat-history">
<infinite-scroller data-test-id="chat-history-container">${Array.from({ length: TURNS / 2 }, (_, i) => exchange(i)).join('')}
</infinite-scroller></div><rich-textarea><div class="ql-editor" contenteditable="true" role="textbox"><p><br></p></div>
</rich-textarea></chat-window><script>${GEMINI_STREAM}</script></body></html>`,
  reply: (url) => url.pathname === GEMINI_REPLY,
  replyBody: `)]}'\n123\n[["wrb.fr",null,"[null,[\\"c_6cc71b18a6f6bbbb\\",\\"r_6cc71b18a6f6bbbb\\"]]"]]\n`,
};

const PAGES = { chatgpt: CHATGPT, gemini: GEMINI };

function findChromium() {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && existsSync(p),
  );
  if (!found) throw new Error('No Chromium: sudo apt-get install -y chromium, or set CHROMIUM_PATH.');
  return found;
}

async function run(site, withExtension) {
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
    await context.route(site.url, (r) => r.fulfill({ contentType: 'text/html', body: site.page }));
    await context.route(site.reply, (r) =>
      r.fulfill({ contentType: 'text/event-stream', body: site.replyBody }),
    );
    if (withExtension && context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
    const page = await context.newPage();
    await page.goto(site.url);
    await page.waitForTimeout(1500); // the initial capture of 200 turns settles before measuring
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (name) =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name).value;
    const busy = () => metric('TaskDuration');
    const layoutsBefore = await metric('LayoutCount');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    const before = await busy();
    await page.evaluate('window.__stream()');
    await page.waitForTimeout(500);
    const total = (await busy()) - before;
    // Layouts Engram forced would not show as its code in the profile: counted here, with and without.
    const layouts = (await metric('LayoutCount')) - layoutsBefore;
    const { profile } = await cdp.send('Profiler.stop');
    if (withExtension) await expectCaptured(context);
    return { total, layouts, engram: extensionTime(profile) };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Seconds of samples with Engram's code anywhere on their stack (content scripts in the page's renderer), so the
 * DOM reads and any layout its code forces count too, not only its own frames (#24: 13 ms own, 20-40 ms in all).
 */
function extensionTime(profile) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const url = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url]));
  const engram = new Map();
  const isEngram = (id) => {
    if (id === undefined) return false;
    if (!engram.has(id))
      engram.set(id, url.get(id).startsWith('chrome-extension://') || isEngram(parent.get(id)));
    return engram.get(id);
  };
  let micros = 0;
  profile.samples.forEach((id, i) => {
    if (isEngram(id)) micros += profile.timeDeltas[i + 1] ?? 0;
  });
  return micros / 1e6;
}

/** A run where Engram read nothing would measure nothing: the background's status of the tab shows every turn. */
async function expectCaptured(context) {
  const [sw] = context.serviceWorkers();
  const statuses = await sw.evaluate(
    "chrome.storage.session.get('captureStatus').then((s) => Object.values(s.captureStatus ?? {}))",
  );
  const seen = Math.max(0, ...statuses.map((s) => s.turnsSeen ?? 0));
  if (seen < TURNS) throw new Error(`Engram read ${seen} of ${TURNS} turns: ${JSON.stringify(statuses)}`);
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))];
};

const ms = (s) => `${(s * 1000).toFixed(0)} ms`;

async function bench(name) {
  const site = PAGES[name];
  const samples = { without: [], with: [], engram: [], layoutsWithout: [], layoutsWith: [] };
  for (let i = 0; i < RUNS; i++) {
    const withoutEngram = await run(site, false);
    samples.without.push(withoutEngram.total);
    samples.layoutsWithout.push(withoutEngram.layouts);
    const withEngram = await run(site, true);
    samples.layoutsWith.push(withEngram.layouts);
    samples.with.push(withEngram.total);
    samples.engram.push(withEngram.engram);
    const [a, b, c] = [samples.without[i], withEngram.total, withEngram.engram];
    console.log(`${name} run ${i + 1}/${RUNS}: without ${ms(a)}, with ${ms(b)} (Engram's code ${ms(c)})`);
  }
  const medWithout = quantile(samples.without, 0.5);
  const medWith = quantile(samples.with, 0.5);
  const medEngram = quantile(samples.engram, 0.5);
  console.log(
    `\n${name}: ${TOKENS} tokens into a ${TURNS}-turn page; main-thread busy time (CDP TaskDuration), ${RUNS} runs`,
  );
  console.log(`without Engram: median ${ms(medWithout)}, p95 ${ms(quantile(samples.without, 0.95))}`);
  console.log(`with Engram:    median ${ms(medWith)}, p95 ${ms(quantile(samples.with, 0.95))}`);
  console.log(
    `Engram's code and what it calls (CPU profile): median ${ms(medEngram)}, p95 ${ms(quantile(samples.engram, 0.95))}`,
  );
  const layouts = (xs) => quantile(xs, 0.5);
  console.log(
    `layouts per run, median: without ${layouts(samples.layoutsWithout)}, with ${layouts(samples.layoutsWith)}`,
  );
  console.log(
    `ratio with/without, medians of busy time: ${(medWith / medWithout).toFixed(3)} (target ≤ 1.05)`,
  );
  console.log(
    `ratio attributable to Engram's script: ${((medWithout + medEngram) / medWithout).toFixed(3)}\n`,
  );
}

if (!existsSync(join(EXTENSION, 'manifest.json'))) throw new Error('Build first: npm run build');
for (const name of (process.env.BENCH_SITES ?? 'chatgpt,gemini').split(',')) await bench(name.trim());
