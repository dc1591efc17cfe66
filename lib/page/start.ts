// Everything a chat page runs, for one site's adapter. Each site has its own content script entrypoint that
// passes its adapter, so a page bundles only its own site's parsers and API code: one shared bundle with both
// sites measured 52.7 kB, over the 50 kB budget (test/e2e/bundle-size.e2e.ts, #3).
import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createController, type CaptureController } from '../capture/controller';
import { pageFetchJson } from '../capture/page-fetch';
import { listenForReplies } from '../capture/signals';
import { watchThread, type ThreadWatch } from '../capture/watch';
import { createInsertSession, readContext, type InsertSession } from './session';
import { sendMessage } from '../messaging/send';
import type { SiteAdapter } from '../sites/adapter';
import type { FetchJson } from '../sites/api-types';
import { tabReceiver, type TabReceiver } from '../messaging/tab';
import { followSiteSwitch } from './switch';

export function startChatPage(adapter: SiteAdapter, ctx: ContentScriptContext): void {
  const fetchJson = pageFetchJson(location.origin);
  const capture = createController({
    adapter,
    page: { document, href: () => location.href },
    fetchJson,
    cookie: () => document.cookie,
    send: (req) => sendMessage('captureTurns', req),
    report: (status) => sendMessage('reportCaptureStatus', status),
    privacy: {
      mark: async (chat) => (await sendMessage('privacyMark', chat)).mark,
      forget: (chat) => sendMessage('forgetPrivateChat', chat),
    },
  });
  const session = insertSessionFor(adapter);
  // Nothing is read and no button shows until the background says the site is on (Settings → Sites, #24).
  let on = false;
  const onChange = () => {
    if (!on) return;
    capture.onPageChange();
    session.sync(location.href);
  };
  watchThread(threadOf(adapter, onChange), ctx.signal);
  followReplies(capture, () => on, ctx);
  const receive = tabReceiver({ id: browser.runtime.id, origin: browser.runtime.getURL('/') });
  followSiteSwitch(
    (next) => {
      on = next;
      session.setOn(on, location.href);
      if (on) void capture.resume();
    },
    receive,
    ctx,
  );
  serveTabMessages(adapter, fetchJson, session, receive, ctx);
}

/** The Insert memory button and its preview frame, each asking the background through ../messaging/send.ts. */
const insertSessionFor = (adapter: SiteAdapter): InsertSession =>
  createInsertSession(adapter, document, {
    offer: (req) => sendMessage('offerCount', req),
    warm: () => sendMessage('warmRecall', { ok: true }),
    frame: {
      url: browser.runtime.getURL('/preview.html'),
      register: () => sendMessage('previewRegister', {}),
      show: (context) => sendMessage('previewShow', { context }),
      hide: () => sendMessage('previewHide', {}),
    },
  });

/** The tap's signals and the page's own navigations, each a reason to read the chat again. */
function followReplies(capture: CaptureController, on: () => boolean, ctx: ContentScriptContext): void {
  listenForReplies(
    {
      onReply: (id) => on() && void capture.refresh(id),
      // Heard even with the site switched off: a chat the person hid is forgotten all the same (#34).
      onPrivate: (id, stage) => capture.onPrivateRequest(id, stage),
    },
    ctx.signal,
  );
  // WXT hears a same-page navigation through the Navigation API's navigate event, which Chromium fires inside
  // pushState, before the address changes (#24: a new Perplexity thread was read at its old '/'): read after it.
  ctx.addEventListener(window, 'wxt:locationchange', () =>
    ctx.setTimeout(() => on() && void capture.refresh(), 0),
  );
}

const threadOf = (adapter: SiteAdapter, onChange: () => void): ThreadWatch => ({
  root: document,
  findThread: () => adapter.findThread(document),
  isStreaming: () => adapter.isStreaming(document),
  onChange,
});

/**
 * What the extension asks of this tab: the site's saved memories, read with the session, only when the user
 * asks (#3); the shortcut's preview, and the page context, insertion and closing for the popup and the
 * preview frame (#5). `receive` hands each handler a request its schema parsed, from the extension alone (#38).
 */
function serveTabMessages(
  adapter: SiteAdapter,
  fetchJson: FetchJson,
  session: InsertSession,
  receive: TabReceiver,
  ctx: ContentScriptContext,
): void {
  const removers = [
    receive('readVendorMemories', async () => ({
      site: adapter.site,
      result: await adapter.fetchMemories(fetchJson, document.cookie),
    })),
    receive('openInsertPreview', async () => {
      await session.open();
      return { ok: true as const };
    }),
    receive('pageContext', () => readContext(adapter, document)),
    receive('insertText', ({ text }) => session.insert(text)),
    receive('insertFromPreview', ({ text }) => session.insertFromPreview(text)),
    receive('closePreview', () => {
      session.close();
      return { ok: true as const };
    }),
  ];
  ctx.onInvalidated(() => removers.forEach((remove) => remove()));
}
