/**
 * Calls `onChange` at most once per animation frame after the watched subtree changes. The observer callback
 * only sets a flag, so a streaming answer costs one scheduled scan per frame, not one per token (#3).
 */
export function watchChanges(target: Node, onChange: () => void, signal: AbortSignal): void {
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      if (!signal.aborted) onChange();
    });
  });
  observer.observe(target, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-is-streaming'],
  });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}
