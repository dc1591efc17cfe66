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
 * Calls `onChange` at most once per animation frame after the thread changes (#3). The thread container gets
 * the full observer (text, nodes, the streaming flag). The body gets a childList-only observer whose callback
 * ignores everything inside the thread, so a streaming answer costs one flag per frame; it only notices what
 * happens outside (ChatGPT's stop button, a thread replaced by SPA navigation) and re-finds the thread.
 */
export function watchThread(
  root: Document,
  findThread: () => Element | null,
  onChange: () => void,
  signal: AbortSignal,
): void {
  let thread: Element | null = null;
  const threadObserver = new MutationObserver(() => schedule());
  const schedule = coalesce(() => {
    if (!thread?.isConnected) attach(findThread());
    onChange();
  }, signal);
  function attach(next: Element | null): void {
    if (next === thread) return;
    threadObserver.disconnect();
    thread = next;
    if (thread)
      threadObserver.observe(thread, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        // The streaming flag falling is the end of a reply: Claude's data-is-streaming, and the busy live region
        // Gemini's answers stream into (gemini/selectors.ts STREAMING), whose last change is that flag alone.
        attributeFilter: ['data-is-streaming', 'aria-busy'],
      });
  }
  const bodyObserver = new MutationObserver((records) => {
    const current = thread;
    if (!current?.isConnected || records.some((r) => !current.contains(r.target))) schedule();
  });
  bodyObserver.observe(root.body, { childList: true, subtree: true });
  attach(findThread());
  signal.addEventListener(
    'abort',
    () => {
      threadObserver.disconnect();
      bodyObserver.disconnect();
    },
    { once: true },
  );
}
