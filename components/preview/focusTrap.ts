// Tab and Shift+Tab cycle inside the open preview (#16: Tab from Cancel left the frame for the prompt box while
// the preview stayed open). The frame is an iframe, so leaving its last control would hand focus to the page.
const focusable = (el: Element): el is HTMLElement =>
  el instanceof HTMLElement && el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled;

export function trapTab(root: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const items = [...root.getElementsByTagName('*')].filter(focusable);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return e.preventDefault();
  const at = document.activeElement;
  const outside = !(at instanceof HTMLElement) || !root.contains(at) || at === root;
  if (e.shiftKey && (at === first || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}
