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

const THREAD_OPTIONS: MutationObserverInit = {
  childList: true,
  subtree: true,
  characterData: true,
  attributes: true,
  // The streaming flag falling is the end of a reply: Claude's data-is-streaming, and the busy live region
  // Gemini's answers stream into (gemini/selectors.ts STREAMING), whose last change is that flag alone.
  attributeFilter: ['data-is-streaming', 'aria-busy'],
};

/** A change the body observer saw outside the watched thread, or no thread to watch. */
const outside = (records: MutationRecord[], thread: Element | null): boolean =>
  !thread?.isConnected || records.some((r) => !thread.contains(r.target));

/**
 * Calls `onChange` at most once per animation frame after the thread changes (#3). The thread container gets
 * the full observer (text, nodes, the streaming flag). The body gets a childList-only observer whose callback
 * ignores everything inside the thread; it only notices what happens outside (ChatGPT's stop button, a thread
 * replaced by SPA navigation) and re-finds the thread. Once a change finds an answer streaming, both observers
 * rest and `onChange` runs every STREAM_POLL_MS until the mark is gone or the thread is replaced; then they
 * resume with one change, which reads the finished answer (`look`). Closures, not a class: property names
 * survive minifying (a class cost every site script 1.1 kB and took chatgpt.js over its 50 kB budget).
 */
export function watchThread(watch: ThreadWatch, signal: AbortSignal): void {
  let thread: Element | null = null;
  let poll: ReturnType<typeof setInterval> | undefined;
  const threadObserver = new MutationObserver(() => schedule());
  const bodyObserver = new MutationObserver((records) => {
    if (outside(records, thread)) schedule();
  });
  const attach = (next: Element | null) => {
    if (next === thread) return;
    threadObserver.disconnect();
    thread = next;
    if (next && poll === undefined) threadObserver.observe(next, THREAD_OPTIONS);
  };
  const observe = () => {
    bodyObserver.observe(watch.root.body, { childList: true, subtree: true });
    const found = thread?.isConnected ? thread : watch.findThread();
    thread = null;
    attach(found);
  };
  const stop = () => {
    clearInterval(poll);
    for (const observer of [threadObserver, bodyObserver]) observer.disconnect();
  };
  const look = () => {
    if (thread?.isConnected && watch.isStreaming()) return watch.onChange();
    clearInterval(poll);
    poll = undefined;
    observe();
    schedule();
  };
  const schedule = coalesce(() => {
    if (!thread?.isConnected) attach(watch.findThread());
    watch.onChange();
    if (poll !== undefined || !watch.isStreaming()) return;
    stop();
    poll = setInterval(look, STREAM_POLL_MS);
  }, signal);
  observe();
  signal.addEventListener('abort', stop, { once: true });
}
