// What a chat page's own scripts can read, as functions that run in the page (self-contained: Playwright and
// puppeteer send them as source), for the hostile suites in both browsers (#11, #25).

/** Installed before the page's scripts run: records every message the page is posted. */
export function recordMessages(): void {
  const w = window as unknown as { seen: string[] };
  w.seen = [];
  addEventListener(
    'message',
    (e) => w.seen.push(typeof e.data === 'string' ? e.data : JSON.stringify(e.data)),
    true,
  );
}

/** Every text and attribute in the DOM, open shadow roots and frame documents the page may open. */
export function readableByPage(): {
  text: string;
  frames: { contentDocument: boolean; windowDocument: string }[];
} {
  const texts: string[] = [];
  const frames: { contentDocument: boolean; windowDocument: string }[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      texts.push(el.textContent ?? '', ...[...el.attributes].map((a) => a.value));
      if (el.shadowRoot) walk(el.shadowRoot);
      if (el instanceof HTMLIFrameElement) {
        let windowDocument = 'readable';
        try {
          void el.contentWindow?.document.body;
        } catch (e) {
          windowDocument = (e as Error).name;
        }
        frames.push({ contentDocument: el.contentDocument !== null, windowDocument });
        if (el.contentDocument) walk(el.contentDocument);
      }
    }
  };
  walk(document);
  return { text: texts.join('\n'), frames };
}

/** The composer's text (`composer`: its selector), the messages recorded, the title and the address. */
export function readableBeside(composer: string): string[] {
  const box = document.querySelector<HTMLElement>(composer);
  const seen = (window as unknown as { seen?: string[] }).seen ?? [];
  return [box?.innerText ?? '', ...seen, document.title, location.href];
}
