// Shadow roots a page attached, closed ones too: a page can draw over Engram's preview from inside one, or put the
// preview's host under one's slot (#25 item 8). A content script may see closed roots: Firefox gives it
// `openOrClosedShadowRoot` on every element, Chromium `chrome.dom.openOrClosedShadowRoot`.
type ClosedRootsDom = { openOrClosedShadowRoot?(el: HTMLElement): ShadowRoot | null };

const chromeDom = (): ClosedRootsDom | undefined =>
  (globalThis as { chrome?: { dom?: ClosedRootsDom } }).chrome?.dom;

export function shadowOf(el: Element): ShadowRoot | null {
  const firefox = (el as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot;
  if (firefox !== undefined) return firefox;
  const dom = chromeDom();
  if (dom?.openOrClosedShadowRoot && el instanceof HTMLElement) return dom.openOrClosedShadowRoot(el);
  return el.shadowRoot;
}
