// User Timing marks on a click's path through the service worker (#28): bench:recall reads them through CDP
// after each click to say where a cold click's time goes (docs/recall.md, "The first click"). Local only; each
// name keeps its latest mark, so a long-lived worker does not collect them.
export type RecallMark = 'script' | 'open' | 'request' | 'taken' | 'memories' | 'past' | 'packed';

export const markName = (name: RecallMark) => `engram:sw:${name}`;

export function mark(name: RecallMark): void {
  const full = markName(name);
  performance.clearMarks(full);
  performance.mark(full);
}
