// How a site's content script hands its adapter to the chat page's shared script (#36). Every chat page runs two
// of Engram's content scripts: its site's (entrypoints/<site>.content.ts: the adapter, its selectors, parsers and
// JSON readers) and the shared one (entrypoints/chat.content.ts: capture, the Insert memory button, the preview,
// messaging), so no site's script carries the shared code and each stays far under its 50 kB budget (chatgpt.js
// was 50.7 kB with everything in it). Both run in the extension's one isolated world of the frame (Chromium and
// Firefox alike), so they meet on a global, whichever runs first: the browser decides their order (manifest order
// for the same run_at in Chromium, not promised by Firefox), and nothing here depends on it.
// The key is a registered symbol of that world: the page's own scripts live in another world and cannot reach it,
// and a page element's id (window's named properties) can only name a string key.
import type { SiteAdapter } from '../sites/adapter';

const KEY = Symbol.for('engram.chatPage');

interface Hub {
  adapter?: SiteAdapter;
  take?: (adapter: SiteAdapter) => void;
}

function hub(): Hub {
  const world = globalThis as { [KEY]?: Hub };
  world[KEY] ??= {};
  return world[KEY];
}

/** The site's script: its adapter, for the shared script to start with, now or when it runs. */
export function offerAdapter(adapter: SiteAdapter): void {
  const shared = hub();
  const take = shared.take;
  if (!take) {
    shared.adapter = adapter;
    return;
  }
  shared.take = undefined;
  take(adapter);
}

/** The shared script: starts with the site's adapter once the site's script has offered it. */
export function takeAdapter(take: (adapter: SiteAdapter) => void, signal: AbortSignal): void {
  const shared = hub();
  const adapter = shared.adapter;
  if (adapter) {
    shared.adapter = undefined;
    take(adapter);
    return;
  }
  shared.take = take;
  signal.addEventListener('abort', () => {
    if (shared.take === take) shared.take = undefined;
  });
}
