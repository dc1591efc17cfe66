// Desktop apps (#27): the link to engram-mcp servers follows the switch and the secret. On Chrome the offscreen
// document holds the sockets (lib/offscreen/agents.ts); on Firefox, whose MV3 background is a page, the page
// does. Either way an alarm every 30 s says it again, so a link that was lost (the browser closed the document,
// Firefox unloaded its idle background page) comes back; with the switch off there is no alarm and no socket.
import { browser } from 'wxt/browser';
import { AgentLinks } from '../../agents/links';
import { agentsItem, readAgents, recordReport } from '../../store/agents';
import { answerCall, askWindowClosed, warmForAgents } from './answer';
import { askOffscreen, hasOffscreen, offscreenOpen } from '../shared/offscreen-host';
import { listen, onAlarm, stopAll, type Stop } from '../shared/service';
import { waitAtMost } from '../shared/wait';

export const AGENTS_ALARM = 'engram-agents';

export type Configure = (secret: string | null) => Promise<void>;

function inThisPage(): Configure {
  const links = new AgentLinks(
    (url) => new WebSocket(url),
    answerCall,
    (report) => {
      void recordReport(report).catch(() => undefined);
      if (report.links.length > 0) warmForAgents();
    },
  );
  return (secret) => links.configure(secret);
}

function inOffscreen(): Configure {
  return async (secret) => {
    // Off needs no document: one is not opened just to be told to close nothing.
    if (!secret && !(await offscreenOpen())) return;
    await askOffscreen('agentsConfigure', { secret });
  };
}

/**
 * Runs `work` after the one before it, and at most once more for any number of calls made meanwhile: each run reads
 * the settings as they are then, so the last one applies the last change (#34 item 10). Two applies at once read
 * "no secret" and the secret in either order, and the document was told "no secret" last.
 */
export function inOrder(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return () => {
    if (queued) return queued;
    const next = running.then(() => {
      queued = null;
      return work();
    });
    queued = next;
    running = next.catch(() => undefined);
    return next;
  };
}

let latest: Promise<void> = Promise.resolve();

/**
 * Settles when the settings stored so far are applied (the link told the secret). Options' "Make a secret" waits for
 * it (at most 5 s) before it shows the secret, so the secret shown is the one in force when the person starts an app.
 */
export const agentsApplied = () =>
  waitAtMost(
    latest.catch(() => undefined),
    5_000,
  );

/** The link as the browser runs it: in the offscreen document on Chrome, in this page on Firefox. */
export const browserAgentLink = (): Configure => (hasOffscreen() ? inOffscreen() : inThisPage());

export interface AgentsDeps {
  /** Tells the link the secret, or null to close it. */
  configureAgents: Configure;
}

/**
 * The service (../shared/service.ts): applies the settings now, at each change, at each beat of the alarm and at
 * the browser's start. A startup listener has the browser start the worker with itself: the link comes back at
 * once, not at the alarm's first beat (up to 30 s later).
 */
export function startAgents({ configureAgents }: AgentsDeps): Stop {
  let stopped = false;
  const apply = inOrder(async () => {
    const agents = await readAgents();
    // An apply that was running when the service stopped sets no alarm after the Stop cleared it.
    if (stopped) return;
    const secret = agents.enabled && agents.secret ? agents.secret : null;
    if (secret) await browser.alarms.create(AGENTS_ALARM, { periodInMinutes: 0.5 });
    else await browser.alarms.clear(AGENTS_ALARM);
    // Nothing said about who is connected survives the switch going off.
    if (!secret) await recordReport({ links: [], refused: [] });
    await configureAgents(secret);
  });
  const again = () => void apply().catch(() => undefined);
  const stop = stopAll(
    () => (stopped = true),
    agentsItem.watch(() => void (latest = apply()).catch(() => undefined)),
    browser.windows ? listen(browser.windows.onRemoved, askWindowClosed) : () => undefined,
    onAlarm(AGENTS_ALARM, again),
    listen(browser.runtime.onStartup, again),
  );
  again();
  return stop;
}
