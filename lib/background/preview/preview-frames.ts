// Which preview frame belongs to which chat tab (#11). A page can click, type, post messages and embed its own
// copy of preview.html; none of that is the person. So the frame takes orders only from the background, and
// the background gives them only to the frame its tab's content script registered:
//   1. the content script asks for a token (previewRegister) and loads the frame with it in the URL fragment,
//      inside a closed shadow root the page cannot read;
//   2. the frame presents the token once (previewHello): the background binds that tab to the frame's id and
//      document; a second presentation, another tab's token or no token gets nothing;
//   3. on a real click or key, the content script asks for an open (previewShow); the background sends the
//      order to the bound frame alone (tabs.sendMessage with its frameId), or hands it over at the hello.
// Kept in storage.session (closed to content scripts) so a restarted service worker still knows its frames.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { sendFrameOrder } from '../../messaging/frame';
import type { Sender } from '../../messaging/protocol';
import { RejectedMessage } from '../../messaging/rejected';
import { listen, type Stop } from '../shared/service';
import type { FrameOrder, PreviewOpen } from '../../model/messages';

export interface FrameRecord {
  token: string;
  frameId: number | null;
  documentId: string | null;
  opens: number;
  /** An open asked for before the frame said hello. */
  pending: PreviewOpen | null;
}
export type Frames = Record<string, FrameRecord | undefined>;

export interface FrameStore {
  get(): Promise<Frames>;
  set(frames: Frames): Promise<void>;
}

export interface FrameDeps {
  store: FrameStore;
  /** Sends an order to one frame of one tab; rejects when that frame does not answer. */
  order(tabId: number, frameId: number, order: FrameOrder): Promise<unknown>;
  /** The extension's own preview page URL, without fragment. */
  previewUrl: string;
  newToken?: () => string;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const randomToken = () => hex(crypto.getRandomValues(new Uint8Array(16)));

export function tabOf(sender: Sender): number {
  const id = sender.tab?.id;
  if (id === undefined || id < 0) throw new RejectedMessage('not from a tab');
  return id;
}

/** A message from an Engram preview page (in any frame): it must be a registered one to be answered. */
export const fromPreviewPage = (sender: Sender): boolean => {
  try {
    return new URL(sender.url ?? '').pathname === '/preview.html';
  } catch {
    return false;
  }
};

/** True when the sender is the frame the background registered for its tab. */
export function isBoundFrame(frames: Frames, sender: Sender): boolean {
  const record = sender.tab?.id === undefined ? undefined : frames[sender.tab.id];
  if (!record || record.frameId === null || record.frameId !== sender.frameId) return false;
  return (
    record.documentId === null || sender.documentId === undefined || record.documentId === sender.documentId
  );
}

/** A fresh record for a tab: a new frame document is coming, and any earlier one is retired. */
function register(frames: Frames, tabId: number, token: string) {
  frames[tabId] = { token, frameId: null, documentId: null, opens: 0, pending: null };
  return { token };
}

/** The frame's one presentation of its token: binds the tab to it and hands over any open asked for. */
function hello(frames: Frames, token: string, sender: Sender, previewUrl: string) {
  const record = sender.tab?.id === undefined ? undefined : frames[sender.tab.id];
  const fresh = record && record.frameId === null && record.token === token;
  const fromPreview = sender.url?.split('#')[0] === previewUrl && sender.frameId !== undefined;
  // The same document presenting its token again: its first answer was lost to a stopping worker (#33). Only
  // where the browser names the document (Chrome's documentId), which a page cannot choose.
  const again =
    record?.token === token &&
    record.frameId === sender.frameId &&
    sender.documentId !== undefined &&
    record.documentId === sender.documentId;
  if (record && again && fromPreview) return { ok: true, open: null };
  if (!record || !fresh || !fromPreview) return { ok: false, open: null };
  record.frameId = sender.frameId ?? null;
  record.documentId = sender.documentId ?? null;
  const open = record.pending;
  record.pending = null;
  return { ok: true, open };
}

/** A numbered open for the bound frame, or kept for its hello. */
function nextOpen(frames: Frames, tabId: number, context: PreviewOpen['context']) {
  const record = frames[tabId];
  if (!record) throw new RejectedMessage('This tab has no preview frame yet.');
  const open = { n: ++record.opens, context };
  if (record.frameId === null) record.pending = open;
  return record.frameId === null ? null : { frameId: record.frameId, open };
}

/** Read-modify-write of the registry, one at a time: a hello must not race its own registration. */
function updates(store: FrameStore) {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(change: (frames: Frames) => T): Promise<T> => {
    const next = chain.then(async () => {
      const frames = await store.get();
      const out = change(frames);
      await store.set(frames);
      return out;
    });
    chain = next.catch(() => undefined);
    return next;
  };
}

export function previewFrames(deps: FrameDeps) {
  const update = updates(deps.store);
  const token = deps.newToken ?? randomToken;
  const shown = new Set<(tabId: number, context: PreviewOpen['context']) => void>();
  return {
    /** Hears each open a chat page asks for, before its order goes to the frame; returns the stop. */
    onShow: (listener: (tabId: number, context: PreviewOpen['context']) => void) => {
      shown.add(listener);
      return () => void shown.delete(listener);
    },
    register: (sender: Sender) => update((frames) => register(frames, tabOf(sender), token())),
    hello: (t: string, sender: Sender) => update((frames) => hello(frames, t, sender, deps.previewUrl)),
    show: async (context: PreviewOpen['context'], sender: Sender) => {
      const tabId = tabOf(sender);
      for (const listener of shown) listener(tabId, context);
      const target = await update((frames) => nextOpen(frames, tabId, context));
      if (target) await deps.order(tabId, target.frameId, { kind: 'open', open: target.open });
      return { ok: true as const };
    },
    hide: async (sender: Sender) => {
      const tabId = tabOf(sender);
      const frameId = await update((frames) => {
        const record = frames[tabId];
        if (record) record.pending = null;
        return record?.frameId ?? null;
      });
      if (frameId !== null) await deps.order(tabId, frameId, { kind: 'close' }).catch(() => undefined);
      return { ok: true as const };
    },
    /** Throws unless the sender is its tab's registered frame. */
    assertBound: async (sender: Sender) => {
      if (!isBoundFrame(await deps.store.get(), sender))
        throw new RejectedMessage('This preview frame was not opened by Engram.');
    },
    forget: (tabId: number) => update((frames) => void (frames[tabId] = undefined)),
  };
}

export type PreviewFrames = ReturnType<typeof previewFrames>;

const framesItem = storage.defineItem<Frames>('session:previewFrames', { fallback: {} });

/** The registry as the background runs it: storage.session, orders by tabs.sendMessage to one frame id. */
export const frames = previewFrames({
  store: { get: () => framesItem.getValue(), set: (value) => framesItem.setValue(value) },
  order: sendFrameOrder,
  // Not getURL('/preview.html'): for a use_dynamic_url resource Chromium returns the per-session address, while
  // the frame's sender.url is on the extension's own origin.
  previewUrl: `${browser.runtime.getURL('/')}preview.html`,
});

/** The service (../shared/service.ts): a closed tab's frame is forgotten, its token no longer answered. */
export function startFrameCleanup(): Stop {
  return listen(browser.tabs.onRemoved, (tabId) => void frames.forget(tabId));
}
