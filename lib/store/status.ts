// Capture health outside IndexedDB: the latest status per tab in session storage (it must survive a service
// worker restart but not a browser restart), and a short list of problems for the options page (#3).
import { storage } from 'wxt/utils/storage';
import type { CaptureProblem, CaptureStatus } from '../model/messages';

const MAX_TABS = 100;
const MAX_PROBLEMS = 50;

const tabStatus = storage.defineItem<Record<string, CaptureStatus>>('session:captureStatus', {
  fallback: {},
});
export const captureProblemsItem = storage.defineItem<CaptureProblem[]>('local:captureProblems', {
  fallback: [],
});

export async function getTabStatus(tabId: number): Promise<CaptureStatus | null> {
  return (await tabStatus.getValue())[String(tabId)] ?? null;
}

export async function setTabStatus(tabId: number, status: CaptureStatus): Promise<void> {
  const all = await tabStatus.getValue();
  const key = String(tabId);
  // Most recent last, oldest first out: closed tabs are never asked about again.
  const entries = [...Object.entries(all).filter(([k]) => k !== key), [key, status] as const];
  await tabStatus.setValue(Object.fromEntries(entries.slice(-MAX_TABS)));
}

/** Newest first; one entry per page and kind, so a page that stays broken is listed once. */
export async function addCaptureProblem(problem: CaptureProblem): Promise<void> {
  const same = (p: CaptureProblem) => p.url === problem.url && p.kind === problem.kind;
  const list = (await captureProblemsItem.getValue()).filter((p) => !same(p));
  await captureProblemsItem.setValue([problem, ...list].slice(0, MAX_PROBLEMS));
}

/** A chat turned out private (#34): the problems that name it go with the rest of it. */
export async function dropCaptureProblems(site: string, conversationId: string): Promise<void> {
  const list = await captureProblemsItem.getValue();
  const kept = list.filter((p) => p.site !== site || p.conversationId !== conversationId);
  if (kept.length !== list.length) await captureProblemsItem.setValue(kept);
}

/** Delete everything: the problems list names pages and conversations (#12). */
export async function clearCaptureProblems(): Promise<void> {
  await captureProblemsItem.setValue([]);
}

export async function listCaptureProblems(): Promise<CaptureProblem[]> {
  return captureProblemsItem.getValue();
}

/** Calls back with a tab's status now and whenever it changes; returns the unsubscribe function. */
export function watchTabStatus(tabId: number, onStatus: (status: CaptureStatus | null) => void): () => void {
  void getTabStatus(tabId).then(onStatus);
  return tabStatus.watch((all) => onStatus(all[String(tabId)] ?? null));
}

export function watchCaptureProblems(onProblems: (problems: CaptureProblem[]) => void): () => void {
  void listCaptureProblems().then(onProblems);
  return captureProblemsItem.watch((list) => onProblems(list));
}
