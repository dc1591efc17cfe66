// Answers the offscreen document's requests (#35). Playwright's context.route does not see that document (its
// downloads of model weights went to the real network, "Failed to fetch"), so the test reaches it the way
// DevTools does: Chromium started with --remote-debugging-port=0, the document's own CDP endpoint, and the
// Fetch domain, which pauses each matching request until the test answers it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'playwright-core';
import WebSocket from 'ws';

export interface Answer {
  status: number;
  body: string | Buffer;
  contentType?: string;
}

type Target = { type: string; url: string; webSocketDebuggerUrl: string };
type Paused = { requestId: string; request: { url: string } };

async function offscreenTarget(port: string, deadline: number): Promise<Target> {
  for (;;) {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Target[];
    const found = targets.find((t) => t.url.endsWith('/offscreen.html'));
    if (found) return found;
    if (Date.now() > deadline) throw new Error('the offscreen document never opened');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens the document if it is not open, then answers every request matching `pattern` with `answer`. */
export async function routeOffscreen(
  userDataDir: string,
  sw: Worker,
  pattern: string,
  answer: (url: string) => Answer,
): Promise<{ close: () => void }> {
  await sw.evaluate(async () => {
    if (await chrome.offscreen.hasDocument()) return;
    await chrome.offscreen.createDocument({
      url: chrome.runtime.getURL('/offscreen.html'),
      reasons: [chrome.offscreen.Reason.WORKERS],
      justification: 'test',
    });
  });
  const port = readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0] ?? '';
  const target = await offscreenTarget(port, Date.now() + 15_000);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const send = (method: string, params: object) => ws.send(JSON.stringify({ id: ++id, method, params }));
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { method?: string; params?: Paused };
    if (message.method !== 'Fetch.requestPaused' || !message.params) return;
    const { requestId, request } = message.params;
    const a = answer(request.url);
    // As Hugging Face answers: any origin may read it (the extension has no host permission there).
    const headers = [
      { name: 'content-type', value: a.contentType ?? 'application/octet-stream' },
      { name: 'access-control-allow-origin', value: '*' },
    ];
    const body = Buffer.from(a.body).toString('base64');
    send('Fetch.fulfillRequest', { requestId, responseCode: a.status, responseHeaders: headers, body });
  });
  const enabled = new Promise((resolve) =>
    ws.on('message', (d) => String(d).includes(`"id":1,`) && resolve(null)),
  );
  send('Fetch.enable', { patterns: [{ urlPattern: pattern, requestStage: 'Request' }] });
  await enabled;
  return { close: () => ws.close() };
}
