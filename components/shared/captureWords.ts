// Capture status in plain words (#3): the popup never shows a strategy name or a stack trace.
import type { CaptureStatus } from '../../lib/model/messages';
import { siteOn, type Settings } from '../../lib/model/settings';
import { SITE_LABELS } from '../../lib/sites/registry';
import { orList } from './labels';

const ANY_SITE = orList(Object.values(SITE_LABELS));

export const BROKEN = "Capture isn't working on this page — the site may have changed";

const PRIVATE = 'Not capturing: this is a temporary or incognito chat.';

export const UNCONFIRMED = (label: string) =>
  `Not capturing: only ${label}'s own data can say this chat is not private and yours, and it has not.`;

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

/** Fail closed (#34): the page alone cannot say the chat is not private or is the person's own. */
const unconfirmedWords = (label: string, why: string | null): Words => ({
  headline: UNCONFIRMED(label),
  detail: why ? `${label}'s data: ${why}.` : null,
  problem: true,
});

export function captureWords(status: CaptureStatus | null, settings: Settings): Words {
  if (!status)
    return { headline: `Open a ${ANY_SITE} conversation to capture it.`, detail: null, problem: false };
  const label = SITE_LABELS[status.site];
  if (settings.capture.paused)
    return { headline: 'Capture is paused everywhere.', detail: null, problem: false };
  if (!siteOn(settings, status.site))
    return { headline: `Engram is off for ${label}.`, detail: null, problem: false };
  switch (status.state) {
    case 'capturing': {
      // How it reads the chat is a detail, not the headline (#16: "via the page" meant nothing to people).
      const detail = status.lastError
        ? `${label} did not hand over the chat directly, so Engram reads it from the page (${status.lastError}).`
        : null;
      return {
        headline: `Capturing this chat · ${turns(status.turnsSeen)}`,
        detail,
        problem: false,
      };
    }
    case 'broken':
      return { headline: BROKEN, detail: status.lastError, problem: true };
    case 'private':
      return { headline: PRIVATE, detail: null, problem: false };
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
    case 'unconfirmed':
      return unconfirmedWords(label, status.lastError);
  }
}
