// A window the extension opens itself (browser.windows.create): puppeteer's BiDi layer gives it no page in
// Firefox 153 (browser.windows.getAll listed the popup at ask.html while puppeteer's targets never did, #27), so
// the test finds its browsing context over raw BiDi and clicks with BiDi input actions: a real, trusted click.
import { poll } from './harness';
import type { BidiConnection } from './routing';

interface Tree {
  contexts: { context: string; url: string }[];
}

async function command<T>(connection: BidiConnection, method: string, params: object): Promise<T> {
  const reply = (await connection.send(method, params)) as { result?: T };
  return (reply.result ?? reply) as T;
}

/** The top-level context whose address contains `part`. */
export function windowAt(connection: BidiConnection, part: string): Promise<string> {
  return poll(`a window at ${part}`, async () => {
    const tree = await command<Tree>(connection, 'browsingContext.getTree', { maxDepth: 0 });
    return tree.contexts.find((c) => c.url.includes(part))?.context ?? null;
  });
}

/** The centre of the button named `name`, once the window's text includes `text`; null before. */
async function buttonCentre(connection: BidiConnection, context: string, name: string, text: string) {
  const expression = `(() => {
    if (!document.body?.textContent?.includes(${JSON.stringify(text)})) return null;
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim() === ${JSON.stringify(name)});
    // Allow works once the window has been visible and focused for 500 ms (#34 item 5): a person waits for it.
    if (!b || b.disabled) return null;
    const r = b.getBoundingClientRect();
    return JSON.stringify([Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]);
  })()`;
  const got = await command<{ result: { type: string; value?: string } }>(connection, 'script.evaluate', {
    expression,
    target: { context },
    awaitPromise: false,
  });
  return got.result.type === 'string' && got.result.value
    ? (JSON.parse(got.result.value) as [number, number])
    : null;
}

/** Clicks the button `name` in the window's context as a person would, once `text` is shown there and it is enabled. */
export async function clickInWindow(connection: BidiConnection, context: string, name: string, text: string) {
  const [x, y] = await poll(`${name} beside "${text}"`, () => buttonCentre(connection, context, name, text));
  await command(connection, 'input.performActions', {
    context,
    actions: [
      {
        type: 'pointer',
        id: 'mouse',
        actions: [
          { type: 'pointerMove', x, y },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ],
  });
}
