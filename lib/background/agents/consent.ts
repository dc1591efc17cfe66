// "Ask me each time" (Options → Desktop apps, #27): before an agent's search or list is answered, a small
// Engram window asks the person. A window of the extension's own, not a system notification: Firefox's
// notifications have no buttons, and this needs no new permission.
//
// A paired app can call in a loop (#34 item 5): each call opened its own window at once, so a second window could
// land under the person's click. Now one question is on screen at a time and the rest wait their turn; a question
// the same app asks again while the first waits is the same question (one answer serves both); an app may put
// ASKS_PER_MINUTE questions a minute and QUEUED_PER_APP at once, past which its calls are refused without a
// window; and the window's Allow works only once it has been visible and focused for 500 ms (AskApp.tsx).
import { browser } from 'wxt/browser';
import type { AskView } from '../../model/agents';

/** A question is a no this long after it was asked, shown or still waiting its turn. */
export const ASK_MS = 30_000;
export const ASKS_PER_MINUTE = 6;
export const QUEUED_PER_APP = 3;
const MINUTE = 60_000;

interface Question {
  id: string;
  /** The app (its server's port) and what it asked: the same again is coalesced into this question. */
  port: number;
  key: string;
  view: AskView;
  decided: Promise<boolean>;
  decide(allow: boolean): void;
  shown: boolean;
  windowId?: number;
}

/** Open and waiting questions, oldest first (a Map keeps insertion order). */
const questions = new Map<string, Question>();
const askedAt = new Map<number, number[]>();

export type Asked = { id: string; decided: Promise<boolean> } | { refused: 'too many' };

function closeWindow(q: Question): void {
  if (q.windowId !== undefined) void browser.windows.remove(q.windowId).catch(() => undefined);
}

/** Shows the oldest waiting question, unless one is on screen. */
function showNext(): void {
  if ([...questions.values()].some((q) => q.shown)) return;
  const next = [...questions.values()][0];
  if (!next) return;
  next.shown = true;
  const url = browser.runtime.getURL(`/ask.html#${next.id}`);
  void browser.windows
    .create({ url, type: 'popup', width: 480, height: 400, focused: true })
    .then((w) => {
      next.windowId = w?.id;
      // Answered (or expired) while the window was being made.
      if (!questions.has(next.id)) closeWindow(next);
    })
    .catch(() => answerAsk(next.id, false));
}

function allowedToAsk(port: number, now: number): boolean {
  const recent = (askedAt.get(port) ?? []).filter((t) => now - t < MINUTE);
  const waiting = [...questions.values()].filter((q) => q.port === port).length;
  if (recent.length >= ASKS_PER_MINUTE || waiting >= QUEUED_PER_APP) return false;
  askedAt.set(port, [...recent, now]);
  return true;
}

/** Puts the question to the person, in turn; `decided` settles with the answer, or false after ASK_MS. */
export function openAsk(port: number, view: Omit<AskView, 'until'>, now = Date.now()): Asked {
  const key = JSON.stringify([port, view.agent, view.tool, view.what]);
  const same = [...questions.values()].find((q) => q.key === key);
  if (same) return { id: same.id, decided: same.decided };
  if (!allowedToAsk(port, now)) return { refused: 'too many' };
  const id = crypto.randomUUID();
  let decide: (allow: boolean) => void = () => undefined;
  const decided = new Promise<boolean>((resolve) => (decide = resolve));
  const q: Question = {
    id,
    port,
    key,
    view: { ...view, until: now + ASK_MS },
    decided,
    decide,
    shown: false,
  };
  questions.set(id, q);
  const timer = setTimeout(() => answerAsk(id, false), ASK_MS);
  void decided.then(() => {
    clearTimeout(timer);
    questions.delete(id);
    closeWindow(q);
    showNext();
  });
  showNext();
  return { id, decided };
}

/** The question for the window at ask.html#id, or null once it is answered or expired. */
export function askView(id: string): AskView | null {
  return questions.get(id)?.view ?? null;
}

export function answerAsk(id: string, allow: boolean): void {
  questions.get(id)?.decide(allow);
}

/** The decision for a question opened earlier; an unknown one (a restarted worker lost it) is a no. */
export function awaitAsk(id: string): Promise<boolean> {
  return questions.get(id)?.decided ?? Promise.resolve(false);
}

/** The person closed the window without answering: that is a no, at once. */
export function askWindowClosed(windowId: number): void {
  for (const [id, q] of questions) if (q.windowId === windowId) answerAsk(id, false);
}

/** Test seam: every question forgotten, and every app's count. */
export function resetAsks(): void {
  for (const id of [...questions.keys()]) answerAsk(id, false);
  askedAt.clear();
}
