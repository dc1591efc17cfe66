/** What a site's DOM parser returns for one visible message, before fencing and persistence. */
export interface ParsedTurn {
  /** The site's own message id when the markup carries one (ChatGPT `data-message-id`). */
  siteMessageId: string | null;
  role: 'user' | 'assistant';
  /** Text as a person reads it: code kept, UI chrome dropped. */
  text: string;
}
