// One shape for every long-lived part of the background (#38): a service is `start(deps): Stop`. It takes what it
// needs as one explicit object, starts its listeners, alarms and timers, and returns the function that removes them
// again. Before, nine starters had five verbs and five return shapes (one returned the alarm's callback, one a
// promise, one nothing) and the entrypoint routed alarms and tab events itself; now it lists the starts
// (lib/background/services.ts), and a test starts and stops each one on the fake browser.
import { browser } from 'wxt/browser';

export type Stop = () => void;
export type Start<Deps> = (deps: Deps) => Stop;

/** What a service listens to: the browser's events, or a fake of one in a test. */
export interface BrowserEvent<Listener> {
  addListener(listener: Listener): void;
  removeListener(listener: Listener): void;
}

/** Starts each service in order with the same deps; the Stop stops them in reverse. */
export function startAll<Deps>(deps: Deps, starts: readonly Start<Deps>[]): Stop {
  const stops = starts.map((start) => start(deps));
  // A copy: reversing in place flipped the order again at a second Stop.
  return () => [...stops].reverse().forEach((stop) => stop());
}

/** One Stop for several. */
export const stopAll =
  (...stops: Stop[]): Stop =>
  () =>
    stops.forEach((stop) => stop());

/** Adds `listener` now; the Stop removes it. */
export function listen<Listener>(event: BrowserEvent<Listener>, listener: Listener): Stop {
  event.addListener(listener);
  return () => event.removeListener(listener);
}

/** Runs `run` whenever the alarm called `name` fires; the Stop removes the listener and clears that alarm. */
export function onAlarm(name: string, run: () => void): Stop {
  const stop = listen(browser.alarms.onAlarm, (alarm) => {
    if (alarm.name === name) run();
  });
  return () => {
    stop();
    void browser.alarms.clear(name).catch(() => undefined);
  };
}
