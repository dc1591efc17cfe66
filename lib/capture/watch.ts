/** Runs `fn` at most once per animation frame however often it is asked to. */
export function coalesce(fn: () => void, signal: AbortSignal): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      if (!signal.aborted) fn();
    });
  };
}

/**
 * While an answer streams, how often the watcher looks at the page instead of on every frame: the reply's
 * text is not read until it settles (readPage, CaptureController), so per-frame work bought nothing and cost
 * a 200-turn Gemini page three script calls a frame (#24 bench:capture, 1,254 calls in one stream).
 */
export const STREAM_POLL_MS = 250;

export interface ThreadWatch {
  root: Document;
  findThread: () => Element | null;
  /** The site's "an answer is being written" mark (SiteAdapter.isStreaming). */
  isStreaming: () => boolean;
  onChange: () => void;
}

/**
 * Calls `onChange` at most once per animation frame after the thread changes (#3). The thread container gets
 * the full observer (text, nodes, the streaming flag). The body gets a childList-only observer whose callback
 * ignores everything inside the thread; it only notices what happens outside (ChatGPT's stop button, a thread
 * replaced by SPA navigation) and re-finds the thread. Once a change finds an answer streaming, both observers
 * rest and `onChange` runs every STREAM_POLL_MS until the mark is gone or the thread is replaced; then they
 * resume with one change, which reads the finished answer.
 */
export function watchThread(watch: ThreadWatch, signal: AbortSignal): void {
  const watcher = new Watcher(watch, signal);
  signal.addEventListener('abort', () => watcher.stop(), { once: true });
}

const THREAD_OPTIONS: MutationObserverInit = {
  childList: true,
  subtree: true,
  characterData: true,
  attributes: true,
  // The streaming flag falling is the end of a reply: Claude's data-is-streaming, and the busy live region
  // Gemini's answers stream into (gemini/selectors.ts STREAMING), whose last change is that flag alone.
  attributeFilter: ['data-is-streaming', 'aria-busy'],
};

class Watcher {
  private thread: Element | null = null;
  private poll: ReturnType<typeof setInterval> | undefined;
  private readonly threadObserver = new MutationObserver(() => this.schedule());
  private readonly bodyObserver = new MutationObserver((records) => {
    const current = this.thread;
    if (!current?.isConnected || records.some((r) => !current.contains(r.target))) this.schedule();
  });
  private readonly schedule: () => void;

  constructor(
    private readonly watch: ThreadWatch,
    private readonly signal: AbortSignal,
  ) {
    this.schedule = coalesce(() => this.changed(), signal);
    this.observe();
  }

  private changed(): void {
    if (!this.thread?.isConnected) this.attach(this.watch.findThread());
    this.watch.onChange();
    if (this.watch.isStreaming()) this.rest();
  }

  private attach(next: Element | null): void {
    if (next === this.thread) return;
    this.threadObserver.disconnect();
    this.thread = next;
    if (this.poll === undefined && next) this.threadObserver.observe(next, THREAD_OPTIONS);
  }

  private observe(): void {
    this.bodyObserver.observe(this.watch.root.body, { childList: true, subtree: true });
    const found = this.thread?.isConnected ? this.thread : this.watch.findThread();
    this.thread = null;
    this.attach(found);
  }

  private rest(): void {
    if (this.poll !== undefined) return;
    this.threadObserver.disconnect();
    this.bodyObserver.disconnect();
    this.poll = setInterval(() => this.look(), STREAM_POLL_MS);
  }

  /** A look while resting: the stream goes on in the same thread, or the observers resume with one change. */
  private look(): void {
    if (this.signal.aborted) return;
    if (this.thread?.isConnected && this.watch.isStreaming()) return this.watch.onChange();
    clearInterval(this.poll);
    this.poll = undefined;
    this.observe();
    this.schedule();
  }

  stop(): void {
    clearInterval(this.poll);
    this.threadObserver.disconnect();
    this.bodyObserver.disconnect();
  }
}
