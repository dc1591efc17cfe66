// What the content script does for recall on one chat page: read the page's side of the query, open the
// preview frame (from the button, the shortcut or the popup), and insert the confirmed block. Never sends the
// chat. The preview itself is an extension page (lib/inject/frame.ts): no memory text reaches this DOM.
// Only the person opens it: a click or key the page made up (`isTrusted` false) does nothing (#11).
// In lib/page, above the sites (#38): it binds a site's adapter to lib/inject's button, frame and typing, and the
// adapters type through lib/inject, which must therefore stand below them.
import type { OfferRequest, PageContext } from '../model/messages';
import { BLOCK_CLOSE, BLOCK_OPEN } from '../recall/markers';
import type { SiteAdapter } from '../sites/adapter';
import { urlScope } from '../sites/site';
import { createInsertButton, mountNear, type ButtonHandle } from '../inject/button';
import { createPreviewFrame, type FrameTransport, type PreviewFrame } from '../inject/frame';
import type { Sight } from '../inject/sight';
import type { Verdict } from '../inject/watch';
import { insertBlock } from '../inject/insert';
import { pageWord, type PageWord } from '../inject/words';

export interface RecallTransport {
  offer(req: typeof OfferRequest._zod.output): Promise<{ count: number | null }>;
  warm(): Promise<unknown>;
  /** The preview frame's registration and orders, through the background (lib/inject/frame.ts). */
  frame: FrameTransport;
}

const RECENT_TURNS = 4;
const TURN_CHARS = 4000;
const BLOCK_RE = new RegExp(`${BLOCK_OPEN}[\\s\\S]*?(${BLOCK_CLOSE}|$)`, 'g');

export interface InsertSession {
  button: ButtonHandle;
  open(): Promise<void>;
  /** Removes the preview frame and gives the composer focus back (Escape, Cancel, after an insert). */
  close(): void;
  /** The popup's confirm: puts the block in the composer and says so beside the button. */
  insert(text: string): { ok: boolean; message: string };
  /** The frame's confirm: the same, only while the frame is open and plainly on screen (#11). */
  insertFromPreview(text: string): { ok: boolean; message: string };
  /** Re-mounts the button and refreshes the new-chat offer after a page change. */
  sync(href: string): void;
  /**
   * Engram switched on or off for this site (Settings → Sites, #24). Off: the button and its frame leave the
   * page, and no offer, shortcut or preview opens until it is on again.
   */
  setOn(on: boolean, href: string): void;
}

/** What the person typed: a textarea's value (DeepSeek, #24), an editor's text. */
const typed = (composer: HTMLElement | null): string =>
  (composer instanceof HTMLTextAreaElement ? composer.value : composer?.textContent) ?? '';

/** The composer's draft without any Engram block already in it. */
const draftOf = (adapter: SiteAdapter, doc: Document): string =>
  typed(adapter.findComposer(doc)).replace(BLOCK_RE, '').trim();

/** The draft, the last turns on screen, and the chat's conversation and project. */
export function readContext(adapter: SiteAdapter, doc: Document): PageContext {
  const draft = draftOf(adapter, doc);
  const recent = adapter
    .parseTurns(doc)
    .slice(-RECENT_TURNS)
    .map((t) => t.text.slice(0, TURN_CHARS));
  const url = doc.location ? new URL(doc.location.href) : null;
  const conversationId = url ? adapter.conversationId(url) : null;
  // A chat inside a project also recalls that project's memories (lib/sites/projects.ts).
  const scope = url ? urlScope(adapter, url) : null;
  // Bounded like a recall request (lib/model/messages.ts): a pasted document is still a draft.
  return { site: adapter.site, draft: draft.slice(0, 20_000), recent, scope, conversationId };
}

export function insertInto(
  adapter: SiteAdapter,
  doc: Document,
  text: string,
): { ok: boolean; message: string } {
  const composer = adapter.findComposer(doc);
  if (!composer) return { ok: false, message: pageWord('noComposer') };
  const result = (adapter.insert ?? insertBlock)(composer, text);
  return result.ok
    ? { ok: true, message: pageWord('inserted') }
    : { ok: false, message: pageWord(result.error) };
}

// The same keys as the chrome.commands shortcut. When the browser owns the binding the page never sees the
// key; this catches it where the command is unbound or cannot fire (headless Chromium: test/e2e/insert.e2e.ts).
// Escape on the page also closes an open preview (focus may have gone back to the composer); the frame handles
// its own Escape. Not prevented: the site may use Escape too.
function listenForShortcut(doc: Document, open: () => Promise<void>, close: () => void): void {
  const onKey = (e: KeyboardEvent) => {
    if (!e.isTrusted) return; // a page script's synthetic keydown (#11)
    if (e.key === 'Escape') close();
    if (!(e.altKey && e.shiftKey && e.code === 'KeyM') || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    void open();
  };
  doc.addEventListener('keydown', onKey, true);
}

/** Said beside the button while the page hides the preview ('hidden'), and when it refuses an insert (#25). */
const REFUSED: Record<Exclude<Verdict | 'closed', 'plain'>, PageWord> = {
  closed: 'notOnScreen',
  away: 'notOnScreen',
  hidden: 'hidden',
  brief: 'brief',
};

/** Says HIDDEN beside the button while the page hides the open preview, and takes it back once it does not. */
function saysHiding(button: () => ButtonHandle) {
  let saying = false;
  return (sight: Sight) => {
    if ((sight === 'hidden') === saying) return;
    saying = !saying;
    button().setStatus(saying ? pageWord('hidden') : '');
  };
}

/** The frame's confirm inserts only once the frame has been plainly on screen for a moment (frame.ts, #11). */
function fromPreview(frame: PreviewFrame | null, insert: () => { ok: boolean; message: string }) {
  const verdict = frame?.verdict() ?? 'closed';
  return verdict === 'plain' ? insert() : { ok: false, message: pageWord(REFUSED[verdict]) };
}

/** Mounts the button by the composer, once; returns its frame, made or reloaded when the button moved. */
function mountButton(
  adapter: SiteAdapter,
  doc: Document,
  send: RecallTransport,
  button: ButtonHandle,
  frame: PreviewFrame | null,
  newFrame: () => PreviewFrame,
): PreviewFrame | null {
  // Once mounted, no composer lookup per frame while an answer streams (bench:capture, #3).
  if (button.host.isConnected || !mountNear(adapter.findComposer(doc), button)) return frame;
  void send.warm().catch(() => undefined);
  if (!frame) return newFrame();
  // Moving the host reloads the frame, whose token is spent: a new one.
  frame.reload();
  return frame;
}

/** "Offer memory" on an empty new chat, beside a mounted button; true when it asked. */
function offerOnNewChat(
  adapter: SiteAdapter,
  doc: Document,
  send: RecallTransport,
  button: ButtonHandle,
  href: string,
): boolean {
  const newChat = adapter.conversationId(new URL(href)) === null;
  // Only the draft matters here: no turn parsing on a page change.
  if (!newChat || !button.host.isConnected || draftOf(adapter, doc)) return false;
  const scope = urlScope(adapter, new URL(href));
  void send.offer({ site: adapter.site, scope }).then(({ count }) => button.setOffer(count));
  return true;
}

function closePreview(frame: PreviewFrame | null, adapter: SiteAdapter, doc: Document) {
  if (!frame?.isOpen()) return;
  frame.hide();
  adapter.findComposer(doc)?.focus();
}

export function createInsertSession(
  adapter: SiteAdapter,
  doc: Document,
  send: RecallTransport,
): InsertSession {
  let frame: PreviewFrame | null = null;
  let offeredFor: string | null = null;
  let off = false;
  const hiding = saysHiding(() => button);
  const newFrame = () => createPreviewFrame(button.shadow, send.frame, hiding);
  const close = () => closePreview(frame, adapter, doc);
  const open = async () => {
    if (off) return;
    button.setOffer(null);
    hiding('away');
    button.setStatus('');
    (frame ??= newFrame()).show(readContext(adapter, doc));
  };
  const insert = (text: string) => say(insertInto(adapter, doc, text));
  const say = <R extends { message: string }>(result: R) => (button.setStatus(result.message), result);
  const insertFromPreview = (text: string) => say(fromPreview(frame, () => insertInto(adapter, doc, text)));
  const button = createInsertButton(doc, open);
  listenForShortcut(doc, open, close);
  const sync = (href: string) => {
    if (off) return;
    frame = mountButton(adapter, doc, send, button, frame, newFrame);
    if (offeredFor !== href && offerOnNewChat(adapter, doc, send, button, href)) offeredFor = href;
  };
  const setOn = (on: boolean, href: string) => {
    off = !on;
    // Told with the words of the person's language (#37): the label follows a change of language too.
    button.relabel();
    if (on) return sync(href);
    frame?.hide();
    button.setOffer(null);
    button.host.remove();
    offeredFor = null;
  };
  return { button, open, close, insert, insertFromPreview, sync, setOn };
}
