// The service worker's click-path marks (lib/background/recall/click-marks.ts), read through the worker's own CDP target after
// a click: how long after the click the worker started, ran its script, heard the request and had each tier.
import type { Harness } from './harness';

export type Marks = Record<string, number>;

/** Each mark of the running worker, in ms after `since` (epoch ms); `start` is the worker's time origin. */
export async function workerMarks(h: Harness, since: number): Promise<Marks> {
  const worker = h.context.serviceWorkers().at(-1) ?? (await h.context.waitForEvent('serviceworker'));
  const raw = await worker.evaluate(() => ({
    origin: performance.timeOrigin,
    marks: performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('engram:sw:'))
      .map((m) => [m.name.slice('engram:sw:'.length), m.startTime] as const),
  }));
  const at = (ms: number) => Math.round((raw.origin + ms - since) * 10) / 10;
  return { start: at(0), ...Object.fromEntries(raw.marks.map(([name, t]) => [name, at(t)])) };
}
