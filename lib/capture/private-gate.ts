// The privacy half of a chat page's capture (#34): what the background keeps of each chat, asked once per page
// (`private` is never taken back); whether a request that asked not to be remembered is still out, while which
// nothing is read at all; and telling the background a chat is private, once per page, so it forgets all it kept.
// Closures, not a class: property names survive minifying (controller.ts).
import type { PrivacyMark } from '../sites/privacy';
import { isPrivateChat, type CaptureEnv } from './capture';
import type { PrivateStage } from './signals';

export interface PrivacyGate {
  /** True while a request that asked not to be remembered is out. */
  held(): boolean;
  /**
   * A request that asked not to be remembered was heard while the page was at the address it is at now: a home
   * page whose temporary chat has not moved it to the chat's own address yet. Heard in any order with the page's
   * first read (the tap posts again, as this script starts, what it saw before: tap-protocol.ts keptPrivate).
   */
  askedHere(): boolean;
  /** The background's mark for the chat; private while held, or when the address or the page says so. */
  mark(id: string): Promise<PrivacyMark | null>;
  /**
   * The chat is private: the background forgets it. Not while held: the chat on screen then may not be the one
   * the request made (a person who opens another thread while an incognito answer streams).
   */
  forget(id: string): void;
  /** The site's JSON confirmed the chat (lib/sites/privacy.ts confirms). */
  confirm(id: string): void;
  /** A private request's stage (signals.ts): the chat it names, or the one on screen, is forgotten and returned. */
  request(id: string | null, stage: PrivateStage): string | null;
}

const PRIVATE = Promise.resolve<PrivacyMark>('private');

export function privacyGate(env: CaptureEnv): PrivacyGate {
  const { adapter, page } = env;
  let held = false;
  let askedAt: string | null = null;
  const marks = new Map<string, Promise<PrivacyMark | null>>();
  const ref = (conversationId: string) => ({ site: adapter.site, conversationId, url: page.href() });
  const tell = (id: string) => {
    if (marks.get(id) === PRIVATE) return;
    marks.set(id, PRIVATE);
    env.privacy.forget(ref(id)).catch(() => marks.delete(id));
  };
  return {
    held: () => held,
    askedHere: () => askedAt === page.href(),
    async mark(id) {
      if (held || isPrivateChat(adapter, new URL(page.href()), page.document)) return 'private';
      // Asked again next time if the background was asleep.
      if (!marks.has(id))
        marks.set(
          id,
          env.privacy.mark(ref(id)).catch(() => (marks.delete(id), null)),
        );
      return marks.get(id) ?? null;
    },
    forget: (id) => held || tell(id),
    confirm: (id) => void marks.set(id, Promise.resolve('confirmed')),
    request(id, stage) {
      held = stage !== 'done';
      askedAt = page.href();
      const chat = id ?? adapter.conversationId(new URL(page.href()));
      if (chat) tell(chat);
      return chat;
    },
  };
}
