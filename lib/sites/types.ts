/** What a site's DOM parser returns for one visible message, before fencing and persistence. */
export interface ParsedTurn {
  /** The site's own message id when the markup carries one (ChatGPT `data-message-id`). */
  siteMessageId: string | null;
  role: 'user' | 'assistant';
  /** Text as a person reads it: code kept, UI chrome dropped. Empty for a missed turn. */
  text: string;
  /**
   * A message stands here, showing text, but the reader could not find which of it is the message (#36): it reads
   * nothing for it, never a neighbour's text, and capture reports it (lib/capture/capture.ts readPage).
   */
  missed?: true;
}
