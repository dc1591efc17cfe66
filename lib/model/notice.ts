// What the background and a chat page's capture tell a page about capture, as a code with its values, never as a
// sentence (#37): the page says it in the person's language (components/shared/noticeWords.ts). Words from
// elsewhere (a site's reason for not handing over its JSON) stay a value, shown as a quote.
import { z } from 'zod/mini';
import { Site } from './site';

const count = z.number().check(z.int(), z.nonnegative());

/** Text Engram did not write (a site's or a server's words), or a line stored in English before codes (#37). */
export const Quoted = z.string().check(z.maxLength(500));

/** What a tab sent or may send, at most (capture-budget.ts, #25). */
const Amount = z.object({ captures: count, turns: count, bytes: count });

export const CaptureNotice = z.discriminatedUnion('code', [
  z.object({ code: z.literal('capture-paused') }),
  z.object({ code: z.literal('site-off'), site: Site }),
  z.object({ code: z.literal('incognito') }),
  z.object({ code: z.literal('temporary-chat') }),
  z.object({ code: z.literal('private-chat') }),
  /** Only the site's JSON can vouch for the chat, and it has not (lib/sites/privacy.ts, #34). */
  z.object({ code: z.literal('unconfirmed'), site: Site }),
  /** Engram paused the tab (`minute`, `day`) or one chat in it (`chat`): the limit, and what was not stored. */
  z.object({
    code: z.literal('tab-limit'),
    limit: z.enum(['minute', 'day', 'chat']),
    most: Amount,
    refused: Amount,
  }),
  /** Messages the page reader could not read (#36), and why the site's JSON was not used, if it failed. */
  z.object({ code: z.literal('unread'), count, siteData: z.nullable(Quoted) }),
  /** The page showed no turn the reader could read; `unread` of them it saw but could not read. */
  z.object({ code: z.literal('no-turns'), unread: count, siteData: z.nullable(Quoted) }),
]);
export type CaptureNotice = z.infer<typeof CaptureNotice>;

/** What a capture status, problem or health record says: a notice, or text quoted as it came. */
export const CaptureSaid = z.union([CaptureNotice, Quoted]);
export type CaptureSaid = z.infer<typeof CaptureSaid>;
