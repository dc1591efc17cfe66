// When to read what: the site's JSON when a conversation opens, the URL changes or a reply finishes; the page's
// markup on every coalesced change only once the JSON has failed (#3).
import type { CaptureRequest } from '../model/messages';
import {
  apiRequest,
  createReporter,
  createSender,
  isPrivateChat,
  readPage,
  unreadNote,
  type CaptureEnv,
  type StatusInput,
} from './capture';

type Mode = 'pending' | 'api' | 'page';

const NO_TURNS = "No turns found on this page: the site's markup may have changed";

export class CaptureController {
  private send: (req: CaptureRequest) => Promise<void>;
  private report: (input: StatusInput) => void;
  private mode: Mode = 'pending';
  /** Why the site's JSON failed, while reading the page instead. */
  private note: string | null = null;
  private wasStreaming = false;
  private running: Promise<void> | null = null;
  private again: { hint: string | null } | null = null;
  /** Chats whose request asked the site not to remember them (Perplexity's incognito query, #24). */
  private readonly asked = new Set<string>();

  constructor(private readonly env: CaptureEnv) {
    this.send = createSender(env.send);
    this.report = createReporter(env);
  }

  /**
   * Reads the site's JSON (falling back to the page). `hint` is the tap's id when the URL has none; `asked`, that
   * the reply's request asked the site not to remember the chat, which is then never read.
   */
  refresh(hint: string | null = null, asked = false): Promise<void> {
    const id = this.env.adapter.conversationId(new URL(this.env.page.href())) ?? hint;
    if (asked && id) this.asked.add(id);
    if (this.running) {
      this.again = { hint };
      return this.running;
    }
    this.running = this.readApi(hint).finally(() => {
      this.running = null;
      const next = this.again;
      this.again = null;
      if (next) void this.refresh(next.hint);
    });
    return this.running;
  }

  /**
   * Reads again, sending even what was sent before. The site was switched on again (Settings → Sites): while off,
   * the background showed the tab as off, and an unchanged chat would otherwise never tell it otherwise (#36: the
   * popup said "Engram is off" with the site back on and its button shown).
   */
  resume(): Promise<void> {
    this.send = createSender(this.env.send);
    this.report = createReporter(this.env);
    return this.refresh();
  }

  /** A coalesced DOM change: the fallback "reply finished" signal, and the page read in page mode. */
  onPageChange(): void {
    const streaming = this.env.adapter.isStreaming(this.env.page.document);
    const finished = this.wasStreaming && !streaming;
    this.wasStreaming = streaming;
    if (this.mode === 'api' && finished) void this.refresh();
    else if (this.mode === 'page') this.scanPage();
  }

  private async readApi(hint: string | null): Promise<void> {
    const { adapter, page } = this.env;
    const url = new URL(page.href());
    const conversationId = adapter.conversationId(url) ?? hint;
    const status = { strategy: 'none' as const, conversationId, turnsSeen: 0, lastError: null };
    if (this.isPrivate(url, conversationId)) return this.report({ ...status, state: 'private' });
    if (adapter.isSharedView(page.document)) return this.report({ ...status, state: 'shared' });
    if (!conversationId) return this.report({ ...status, state: 'idle' });
    const result = await adapter.fetchConversation(this.env.fetchJson, conversationId, this.env.cookie());
    if (!result.ok) {
      this.mode = 'page';
      this.note = result.reason;
      return this.scanPage();
    }
    this.mode = 'api';
    this.note = null;
    if (result.conversation.private) return this.report({ ...status, state: 'private' });
    const title = result.conversation.title || page.document.title;
    return this.send(apiRequest(adapter, url, conversationId, title, result.conversation));
  }

  private isPrivate(url: URL, id: string | null): boolean {
    return isPrivateChat(this.env.adapter, url, this.env.page.document) || (!!id && this.asked.has(id));
  }

  private scanPage(): void {
    const { adapter, page } = this.env;
    const conversationId = adapter.conversationId(new URL(page.href()));
    const status = { strategy: 'none' as const, conversationId, turnsSeen: 0 };
    if (!conversationId) return this.report({ ...status, state: 'idle', lastError: null });
    if (this.isPrivate(new URL(page.href()), conversationId))
      return this.report({ ...status, state: 'private', lastError: null });
    if (adapter.isSharedView(page.document))
      return this.report({ ...status, state: 'shared', lastError: null });
    const req = readPage(adapter, page);
    if (!req) return; // streaming: read when it settles
    if (req.turns.length === 0) {
      const why = req.unread ? unreadNote(req.unread) : NO_TURNS;
      const lastError = this.note ? `${why} (site data: ${this.note})` : why;
      return this.report({ ...status, state: 'broken', lastError });
    }
    void this.send({ ...req, note: this.note });
  }
}

export function createController(env: CaptureEnv): CaptureController {
  return new CaptureController(env);
}
