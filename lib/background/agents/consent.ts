// "Ask me each time" (Options → Desktop apps, #27): before an agent's search or list is answered, a small
// Engram window asks the person. It waits ASK_MS, then answers "not allowed". A window of the extension's own,
// not a system notification: Firefox's notifications have no buttons, and this needs no new permission.
import { browser } from 'wxt/browser';
import type { AskView } from '../../model/agents';

export const ASK_MS = 30_000;

interface Ask {
  view: AskView;
  decided: Promise<boolean>;
  decide(allow: boolean): void;
  windowId?: number;
}

const asks = new Map<string, Ask>();

/** Opens the question; `decided` settles with the person's answer, or false after ASK_MS or when closed. */
export function openAsk(
  view: Omit<AskView, 'until'>,
  now = Date.now(),
): { id: string; decided: Promise<boolean> } {
  const id = crypto.randomUUID();
  let decide: (allow: boolean) => void = () => undefined;
  const decided = new Promise<boolean>((resolve) => (decide = resolve));
  const ask: Ask = { view: { ...view, until: now + ASK_MS }, decided, decide };
  asks.set(id, ask);
  const timer = setTimeout(() => answerAsk(id, false), ASK_MS);
  void decided.then(() => {
    clearTimeout(timer);
    asks.delete(id);
    if (ask.windowId !== undefined) void browser.windows.remove(ask.windowId).catch(() => undefined);
  });
  void browser.windows
    .create({ url: browser.runtime.getURL(`/ask.html#${id}`), type: 'popup', width: 480, height: 360 })
    .then((w) => {
      ask.windowId = w?.id;
      if (!asks.has(id) && w?.id !== undefined) void browser.windows.remove(w.id).catch(() => undefined);
    })
    .catch(() => answerAsk(id, false));
  return { id, decided };
}

/** The question for the window at ask.html#id, or null once it is answered or expired. */
export function askView(id: string): AskView | null {
  return asks.get(id)?.view ?? null;
}

export function answerAsk(id: string, allow: boolean): void {
  asks.get(id)?.decide(allow);
}

/** The decision for a question opened earlier; an unknown one (a restarted worker lost it) is a no. */
export function awaitAsk(id: string): Promise<boolean> {
  return asks.get(id)?.decided ?? Promise.resolve(false);
}

/** The person closed the window without answering: that is a no, at once. */
export function askWindowClosed(windowId: number): void {
  for (const [id, ask] of asks) if (ask.windowId === windowId) answerAsk(id, false);
}
