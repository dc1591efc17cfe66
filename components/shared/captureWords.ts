// Capture status in plain words (#3): the popup never shows a strategy name or a stack trace.
import type { CaptureStatus } from '../../lib/model/messages';
import { siteOn, type Settings } from '../../lib/model/settings';
import { SITE_LABELS } from '../../lib/sites/registry';
import { orList } from './labels';

const ANY_SITE = orList(Object.values(SITE_LABELS));

export const BROKEN = "Capture isn't working on this page — the site may have changed";

export interface Words {
  headline: string;
  detail: string | null;
  problem: boolean;
}

const turns = (n: number) => `${n} ${n === 1 ? 'turn' : 'turns'}`;

/** Engram paused this tab for sending too much (#25): the headline, then what was not stored. */
function limitedWords(text: string): Words {
  const end = text.indexOf(' Not stored:');
  return end === -1
    ? { headline: text, detail: null, problem: true }
    : { headline: text.slice(0, end), detail: text.slice(end + 1), problem: true };
}

/** Capturing, with how (a detail, not the headline: #16) and any messages the page reader could not read (#36). */
function capturingWords(status: CaptureStatus, label: string): Words {
  const fallback = status.lastError
    ? `${label} did not hand over the chat directly, so Engram reads it from the page (${status.lastError}).`
    : null;
  const unread = status.unread
    ? `${status.unread} ${status.unread === 1 ? 'message' : 'messages'} on this page could not be read and ${status.unread === 1 ? 'was' : 'were'} left out: ${label}'s page may have changed.`
    : null;
  return {
    headline: `Capturing this chat · ${turns(status.turnsSeen)}`,
    detail: [unread, fallback].filter(Boolean).join(' ') || null,
    problem: unread !== null,
  };
}

export function captureWords(status: CaptureStatus | null, settings: Settings): Words {
  if (!status)
    return { headline: `Open a ${ANY_SITE} conversation to capture it.`, detail: null, problem: false };
  const label = SITE_LABELS[status.site];
  if (settings.capture.paused)
    return { headline: 'Capture is paused everywhere.', detail: null, problem: false };
  if (!siteOn(settings, status.site))
    return { headline: `Engram is off for ${label}.`, detail: null, problem: false };
  switch (status.state) {
    case 'capturing':
      return capturingWords(status, label);
    case 'broken':
      return { headline: BROKEN, detail: status.lastError, problem: true };
    case 'shared':
      return {
        headline: "Not capturing: this is someone else's shared thread, not your chat.",
        detail: null,
        problem: false,
      };
    case 'private':
      return {
        headline: 'Not capturing: this is a temporary or incognito chat.',
        detail: null,
        problem: false,
      };
    case 'off':
      return {
        headline: `Not capturing: ${status.lastError ?? 'capture is off'}.`,
        detail: null,
        problem: false,
      };
    case 'idle':
      return { headline: `Open a ${label} conversation to capture it.`, detail: null, problem: false };
    case 'limited':
      return limitedWords(status.lastError ?? 'Engram paused capture on this tab.');
  }
}
