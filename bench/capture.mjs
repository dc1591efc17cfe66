// `npm run bench:capture` (#3, #24, #36): main-thread busy time while a 2,000-token answer streams into a 200-turn
// ChatGPT page, Gemini page and Grok page, with and without Engram loaded. Busy time is CDP Performance.getMetrics
// TaskDuration (every task on the renderer's main thread, content scripts included), measured from the start of
// the stream until 500 ms after it ends, so the capture that follows the stream is counted. Runs alternate;
// medians and the ratio are printed per page. BENCH_SITES=gemini runs one page (gemini-bare: the same page without
// its layout rules, below; grok: a site of #36, read from its page); BENCH_RUNS sets the runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const EXTENSION = resolve('.output/chrome-mv3');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
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
  // Where the history scrolls (the styled page), it is kept at its end as the answer grows, as Gemini does.
  const history = document.getElementById('chat-history');
  const follow = getComputedStyle(history).overflowY === 'auto';
  for (let t = 0; t < ${TOKENS}; t += ${TOKENS_PER_FRAME}) {
    await new Promise((r) => requestAnimationFrame(r));
    p.append(document.createTextNode(' tok' + t + ' tok' + (t + 1) + ' tok' + (t + 2) + ' tok' + (t + 3)));
    if (follow) history.scrollTop = history.scrollHeight;
  }
  live.setAttribute('aria-busy', 'false');
};`;

// The page's layout as Gemini's own class names and markup say it is (#24): the history is a scroll container
// (`#chat-history.chat-history-scroll-container` in both shared 2026 captures) in a column whose composer stays
// below it, so a streaming answer never moves the composer. Without these rules (the captures carry no CSS) every
// custom element is inline, the whole chat is one inline formatting context with the thread as a block inside it,
// and each frame lays out again the line that holds the composer and Engram's button: 'gemini-bare' keeps that
// page (measured: about 15-20 ms more layout per stream with the button than without, none on the styled page).
const GEMINI_LAYOUT = `<style>
chat-window { display: flex; flex-direction: column; height: 100vh; }
#chat-history { flex: 1; overflow-y: auto; }
infinite-scroller, rich-textarea, user-query, model-response, message-content { display: block; }
</style>`;

const geminiPage = (head) =>
  `<!doctype html><html><head><title>Bench</title>${head}</head><body><chat-window><div id="chat-history" class="chat-history-scroll-container">
<infinite-scroller data-test-id="chat-history-container">${Array.from({ length: TURNS / 2 }, (_, i) => exchange(i)).join('')}
</infinite-scroller></div><rich-textarea><div class="ql-editor" contenteditable="true" role="textbox"><p><br></p></div>
</rich-textarea></chat-window><script>${GEMINI_STREAM}</script></body></html>`;

const GEMINI = {
  url: 'https://gemini.google.com/app/6cc71b18a6f6bbbb',
  page: geminiPage(GEMINI_LAYOUT),
  reply: (url) => url.pathname === GEMINI_REPLY,
  replyBody: `)]}'\n123\n[["wrb.fr",null,"[null,[\\"c_6cc71b18a6f6bbbb\\",\\"r_6cc71b18a6f6bbbb\\"]]"]]\n`,
};

// Grok (#36): one `div#response-<uuid>` row per message in <main> (the person's `items-end`, Grok's `items-start`,
// the text in `.message-bubble .response-content-markdown`), as both shared captures have them; its stop button
// while Grok writes; the reply over fetch to …/responses (which Engram's tap observes). Only Grok's JSON can vouch
// that a chat is the person's and not private (#34), so the chat's JSON confirms it once (an empty chat) and then
// fails, and the page is opened again: Engram reads the page, the costlier of its two paths, every read parsing
// all 200 rows. Both arms load the page twice, so they differ by Engram alone.
const GROK_ID = '6f0d2c1e-bbbb-4a2b-9c3d-00000000b0c5';
const uuid = (i) => `0a0a0a0a-1111-4222-8333-${String(i).padStart(12, '0')}`;

function grokRow(i) {
  const user = i % 2 === 0;
  const body = user
    ? `<p dir="auto" class="break-words">${words(20, i)}</p>`
    : `<p dir="auto" class="break-words">${words(60, i)}</p><div class="not-prose"><pre><code>const x = ${i};</code></pre></div><p dir="auto">${words(40, i + 1)}</p>`;
  const side = user ? 'items-end' : 'items-start';
  return `<div id="response-${uuid(i)}" class="relative group flex flex-col w-full ${side}"><div dir="auto" class="message-bubble prose"><div class="relative"><div class="relative response-content-markdown markdown">${body}</div></div></div><div class="action-buttons"><button aria-label="Copy"></button></div></div>`;
}

const GROK_REPLY = `/rest/app-chat/conversations/${GROK_ID}/responses`;

const GROK_STREAM = `
window.__stream = async () => {
  const reply = await fetch('${GROK_REPLY}', { method: 'POST', body: '{"message":"and then?"}' });
  await reply.text();
  const thread = document.getElementById('thread');
  const row = (id, side) => {
    const el = document.createElement('div');
    el.id = 'response-' + id;
    el.className = 'relative group flex flex-col w-full ' + side;
    el.innerHTML = '<div dir="auto" class="message-bubble prose"><div class="relative"><div class="relative response-content-markdown markdown"><p></p></div></div></div>';
    thread.append(el);
    return el.querySelector('p');
  };
  row('${uuid(TURNS)}', 'items-end').textContent = 'and then?';
  const stop = document.createElement('button');
  stop.setAttribute('aria-label', 'Stop model response');
  document.querySelector('.query-bar').append(stop);
  const p = row('${uuid(TURNS + 1)}', 'items-start');
  const main = document.querySelector('main');
  for (let t = 0; t < ${TOKENS}; t += ${TOKENS_PER_FRAME}) {
    await new Promise((r) => requestAnimationFrame(r));
    p.append(document.createTextNode(' tok' + t + ' tok' + (t + 1) + ' tok' + (t + 2) + ' tok' + (t + 3)));
    main.scrollTop = main.scrollHeight;
  }
  stop.remove();
};`;

// Grok's layout as its classes say: <main> scrolls, the query bar stays below it.
const GROK = {
  url: `https://grok.com/c/${GROK_ID}`,
  page: `<!doctype html><html><head><title>Bench</title><style>
body { margin: 0; display: flex; flex-direction: column; height: 100vh; }
main { flex: 1; overflow-y: auto; }
</style></head><body><main><div id="thread">${Array.from({ length: TURNS }, (_, i) => grokRow(i)).join('')}</div></main>
<form><div class="query-bar"><div contenteditable="true" class="tiptap ProseMirror"><p><br></p></div></div></form>
<script>${GROK_STREAM}</script></body></html>`,
  reply: (url) => url.pathname === GROK_REPLY,
  replyBody: `{"result":{"conversation":{"conversationId":"${GROK_ID}"}}}\n{"result":{"response":{"token":"ok"}}}\n`,
  confirm: {
    json: (url) =>
      url.pathname.startsWith(`/rest/app-chat/conversations_v2/${GROK_ID}`) ||
      url.pathname.startsWith(`/rest/app-chat/conversations/${GROK_ID}/`),
    // Grok's chat, response tree and responses of an empty chat (lib/sites/grok/payload.ts).
    body: (url) =>
      url.pathname.includes('conversations_v2')
        ? { conversation: { conversationId: GROK_ID, title: 'Bench', temporary: false, workspaces: [] } }
        : url.pathname.endsWith('/response-node')
          ? { responseNodes: [] }
          : { responses: [] },
  },
};

const PAGES = {
  chatgpt: CHATGPT,
  gemini: GEMINI,
  'gemini-bare': { ...GEMINI, page: geminiPage('') },
  grok: GROK,
};

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
    await openPage(context, page, site, withExtension);
    await page.waitForTimeout(1500); // the initial capture of 200 turns settles before measuring
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (name) =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name).value;
    const busy = () => metric('TaskDuration');
    // The main thread's CPU time: what the page's thread computed, not how long its tasks took while the
    // browser's other processes (and Engram's) shared the two cores with it.
    const cpu = () => metric('ThreadTime');
    const layoutsBefore = await metric('LayoutCount');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    const [busyBefore, cpuBefore] = [await busy(), await cpu()];
    await page.evaluate('window.__stream()');
    await page.waitForTimeout(500);
    const total = (await busy()) - busyBefore;
    const thread = (await cpu()) - cpuBefore;
    // Layouts Engram forced would not show as its code in the profile: counted here, with and without.
    const layouts = (await metric('LayoutCount')) - layoutsBefore;
    const { profile } = await cdp.send('Profiler.stop');
    if (withExtension) await expectCaptured(context);
    return { total, cpu: thread, layouts, engram: extensionTime(profile) };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Opens the site's page. A site whose JSON alone vouches for a chat (`confirm`) answers it once, then fails it, and
 * the page is loaded again, as a person's later visit would find it: the page is what Engram reads.
 */
async function openPage(context, page, site, withExtension) {
  if (!site.confirm) return page.goto(site.url);
  let answering = true;
  await context.route(site.confirm.json, (r) =>
    answering
      ? r.fulfill({
          contentType: 'application/json',
          body: JSON.stringify(site.confirm.body(new URL(r.request().url()))),
        })
      : r.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Not found"}' }),
  );
  await page.goto(site.url);
  if (withExtension) await confirmed(context);
  answering = false;
  await page.reload();
}

/** Waits until the background stored the JSON's read of the chat (the tab's status says 'api'). */
async function confirmed(context) {
  const [sw] = context.serviceWorkers();
  for (let i = 0; i < 100; i++) {
    const statuses = await sw.evaluate(
      "chrome.storage.session.get('captureStatus').then((s) => Object.values(s.captureStatus ?? {}))",
    );
    if (statuses.some((s) => s.strategy === 'api')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Engram never read the chat JSON that confirms it');
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

const median = (xs) => quantile(xs, 0.5);

const ms = (s) => `${(s * 1000).toFixed(0)} ms`;

// BENCH_AA=1 loads no extension in either arm: the ratios it prints are the bench's own noise (#24: a median
// ratio of busy time of 0.963 with 11 pairs, both without Engram).
const CALIBRATE = process.env.BENCH_AA === '1';

async function pairs(site, name) {
  const rows = [];
  for (let i = 0; i < RUNS; i++) {
    const without = await run(site, false);
    const withEngram = await run(site, !CALIBRATE);
    rows.push({ without, with: withEngram });
    const [a, b, c] = [without.total, withEngram.total, withEngram.engram];
    const cpus = `CPU ${ms(without.cpu)} → ${ms(withEngram.cpu)}`;
    console.log(
      `${name} run ${i + 1}/${RUNS}: without ${ms(a)}, with ${ms(b)} (Engram's code ${ms(c)}; ${cpus})`,
    );
  }
  return rows;
}

/** Median of each arm, their ratio, and the median of the runs' own ratios (each pair ran back to back). */
function ratios(rows, key) {
  const a = median(rows.map((r) => r.without[key]));
  const b = median(rows.map((r) => r.with[key]));
  const paired = median(rows.map((r) => r.with[key] / r.without[key]));
  return { a, b, medians: b / a, paired };
}

async function bench(name) {
  const site = PAGES[name];
  if (!site) throw new Error(`BENCH_SITES: no page named ${name} (${Object.keys(PAGES).join(', ')})`);
  const rows = await pairs(site, name);
  const busy = ratios(rows, 'total');
  const cpu = ratios(rows, 'cpu');
  const engram = rows.map((r) => r.with.engram);
  const arm = CALIBRATE ? 'second run (no Engram: calibration)' : 'with Engram';
  console.log(`\n${name}: ${TOKENS} tokens into a ${TURNS}-turn page, ${RUNS} pairs of runs`);
  console.log(`busy time (CDP TaskDuration): without ${ms(busy.a)}, ${arm} ${ms(busy.b)} (medians)`);
  console.log(`main-thread CPU time (CDP ThreadTime): without ${ms(cpu.a)}, ${arm} ${ms(cpu.b)} (medians)`);
  console.log(
    `Engram's code and what it calls (CPU profile): median ${ms(median(engram))}, p95 ${ms(quantile(engram, 0.95))}`,
  );
  const layouts = (side) => median(rows.map((r) => r[side].layouts));
  console.log(`layouts per run, median: without ${layouts('without')}, with ${layouts('with')}`);
  const say = (r) =>
    `${r.medians.toFixed(3)} (ratio of medians), ${r.paired.toFixed(3)} (median of pair ratios)`;
  console.log(`ratio, busy time: ${say(busy)} (target ≤ 1.05)`);
  console.log(`ratio, CPU time:  ${say(cpu)} (target ≤ 1.05)`);
  const own = (busy.a + median(engram)) / busy.a;
  console.log(`ratio attributable to Engram's script: ${own.toFixed(3)}\n`);
}

if (!existsSync(join(EXTENSION, 'manifest.json'))) throw new Error('Build first: npm run build');
for (const name of (process.env.BENCH_SITES ?? 'chatgpt,gemini,grok').split(',')) await bench(name.trim());
