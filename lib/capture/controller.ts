// When to read what: the site's JSON when a conversation opens, the URL changes or a reply finishes; the page's
// markup on every coalesced change only once the JSON has failed (#3). What may leave the page at all is the one
// rule of lib/sites/privacy.ts (#34): nothing of a private chat, no other account's turn, and where only the JSON
// can tell, no page a JSON read has not confirmed; a chat found private is told to the background, which forgets
// it. Closures, not a class: property names survive minifying, and every chat page has 50 kB (watch.ts says so too).
import type { CaptureRequest } from '../model/messages';
import type { ApiResult } from '../sites/api-types';
import { confirms, jsonVerdict, pageVerdict } from '../sites/privacy';
import {
  apiRequest,
  createReporter,
  createSender,
  isPrivateChat,
  readPage,
  type CaptureEnv,
  type StatusInput,
} from './capture';
import { privacyGate, type PrivacyGate } from './private-gate';
import type { PrivateStage } from './signals';

export interface CaptureController {
  /** Reads the site's JSON (falling back to the page). `hint` is the tap's id when the URL has none. */
  refresh(hint?: string | null): Promise<void>;
  /**
   * Reads again, sending even what was sent before. The site was switched on again (Settings → Sites): while off,
   * the background showed the tab as off, and an unchanged chat would otherwise never tell it otherwise (#36: the
   * popup said "Engram is off" with the site back on and its button shown).
   */
  resume(): Promise<void>;
  /** A coalesced DOM change: the fallback "reply finished" signal, and the page read in page mode. */
  onPageChange(): void;
  /** The tap's word that a request asked the site not to remember its chat (lib/capture/signals.ts). */
  onPrivateRequest(id: string | null, stage: PrivateStage): void;
}

/** What one page's reads share: `note` is why the site's JSON failed while the page is read instead. */
interface Reads {
  env: CaptureEnv;
  gate: PrivacyGate;
  send: (req: CaptureRequest) => Promise<void>;
  report: (input: StatusInput) => void;
  /** Reading the page, the site's JSON having failed; null before the first read. */
  page: boolean | null;
  note: string | null;
}

type Status = Omit<StatusInput, 'state' | 'lastError'>;
const statusOf = (conversationId: string | null): Status => ({
  strategy: 'none',
  conversationId,
  turnsSeen: 0,
});

function hide(r: Reads, id: string): void {
  r.gate.forget(id);
  r.report({ ...statusOf(id), state: 'private', lastError: null });
}

/** Someone else's thread, read-only (a share page, #36) or another account's (#34): never captured. */
function shared(r: Reads, id: string | null): void {
  r.report({ ...statusOf(id), state: 'shared', lastError: null });
}

async function readApi(r: Reads, hint: string | null): Promise<void> {
  const readAt = Date.now();
  const { adapter, page } = r.env;
  const url = new URL(page.href());
  const id = adapter.conversationId(url) ?? hint;
  if (!id) {
    const asked = r.gate.held() || r.gate.askedHere();
    const state = asked || isPrivateChat(adapter, url, page.document) ? 'private' : 'idle';
    if (state === 'idle' && adapter.isSharedView(page.document)) return shared(r, id);
    return r.report({ ...statusOf(id), state, lastError: null });
  }
  if ((await r.gate.mark(id)) === 'private') return hide(r, id);
  if (adapter.isSharedView(page.document)) return shared(r, id);
  const result = await adapter.fetchConversation(r.env.fetchJson, id, r.env.cookie());
  // A private request may have left while the JSON was read.
  if (privateIn(result) || (await r.gate.mark(id)) === 'private') return hide(r, id);
  r.page = !result.ok;
  r.note = result.ok ? null : result.reason;
  if (!result.ok) return scanPage(r);
  const verdict = jsonVerdict(result.conversation);
  // Another account's thread is someone else's shared thread to the person (#36's state and words).
  if (verdict === 'others') return shared(r, id);
  if (verdict !== 'ok') return r.report({ ...statusOf(id), state: 'unconfirmed', lastError: null });
  const confirmed = confirms(result.conversation);
  if (confirmed) r.gate.confirm(id);
  const title = result.conversation.title || page.document.title;
  return r.send({ ...apiRequest(adapter, url, id, title, result.conversation), confirmed, readAt });
}

/** The site's word that the chat is private, whether or not its turns could be read (Le Chat, #34). */
const privateIn = (result: ApiResult): boolean =>
  result.ok ? result.conversation.private : !!result.private;

async function scanPage(r: Reads): Promise<void> {
  // The page is read now, whatever JSON read led here: its turns are as new as this moment (#33).
  const readAt = Date.now();
  const { adapter, page } = r.env;
  const id = adapter.conversationId(new URL(page.href()));
  if (!id) return r.report({ ...statusOf(id), state: 'idle', lastError: null });
  const verdict = pageVerdict(adapter.pageNeedsJson, false, await r.gate.mark(id));
  // The address moved on while the background answered: its own read follows.
  if (adapter.conversationId(new URL(page.href())) !== id) return;
  if (verdict === 'private') return hide(r, id);
  if (adapter.isSharedView(page.document)) return shared(r, id);
  if (verdict !== 'ok') return r.report({ ...statusOf(id), state: 'unconfirmed', lastError: r.note });
  const req = readPage(adapter, page);
  if (!req) return; // streaming: read when it settles
  if (req.turns.length === 0) {
    const lastError = { code: 'no-turns', unread: req.unread ?? 0, siteData: r.note } as const;
    return r.report({ ...statusOf(id), state: 'broken', lastError });
  }
  void r.send({ ...req, note: r.note, readAt });
}

/** One read at a time; one asked for meanwhile runs once after it, with the latest hint. */
function oneAtATime(read: (hint: string | null) => Promise<void>): CaptureController['refresh'] {
  let running: Promise<void> | null = null;
  let again: { hint: string | null } | null = null;
  const refresh = (hint: string | null = null): Promise<void> => {
    if (running) {
      again = { hint };
      return running;
    }
    running = read(hint).finally(() => {
      running = null;
      const next = again;
      again = null;
      if (next) void refresh(next.hint);
    });
    return running;
  };
  return refresh;
}

export function createController(env: CaptureEnv): CaptureController {
  const gate = privacyGate(env);
  const r: Reads = {
    env,
    gate,
    send: createSender(env.send),
    report: createReporter(env),
    page: null,
    note: null,
  };
  const refresh = oneAtATime((hint) => readApi(r, hint));
  let wasStreaming = false;
  return {
    refresh,
    resume() {
      r.send = createSender(env.send);
      r.report = createReporter(env);
      return refresh();
    },
    onPageChange() {
      const streaming = env.adapter.isStreaming(env.page.document);
      const finished = wasStreaming && !streaming;
      wasStreaming = streaming;
      if (r.page) void scanPage(r);
      else if (r.page === false && finished) void refresh();
    },
    onPrivateRequest(id, stage) {
      const chat = gate.request(id, stage);
      r.report({ ...statusOf(chat), state: 'private', lastError: null });
    },
  };
}
