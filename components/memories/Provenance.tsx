import { useLiveQuery } from 'dexie-react-hooks';
import { conversationKey, turnKey } from '../../lib/model/keys';
import { isSiteUrl, type MemorySource } from '../../lib/model/records';
import type { Site } from '../../lib/model/site';
import { getConversation } from '../../lib/store/conversations';
import { turnsByKeys } from '../../lib/store/views';
import { agentLabel, dateLabel, SITE_LABELS } from '../shared/labels';

type ChatSource = MemorySource & { site: Site; conversationId: string };
const fromChat = (s: MemorySource): s is ChatSource => s.site !== null && s.conversationId !== null;

function Source({ source }: { source: ChatSource }) {
  const key = conversationKey(source.site, source.conversationId);
  const data = useLiveQuery(async () => {
    const conversation = await getConversation(key);
    const turns = await turnsByKeys(source.turnIds.map((t) => turnKey(key, t)));
    return { conversation, turns };
  }, [key, source.turnIds]);
  if (!data) return <li className="muted">Loading source…</li>;
  const site = SITE_LABELS[source.site];
  const title = data.conversation?.title || 'Untitled conversation';
  const stored = data.conversation?.url ?? source.url;
  // Stored before imports were checked (#12), a source may hold any URL: link only the site's own.
  const url = stored && isSiteUrl(source.site, stored) ? stored : null;
  const when = dateLabel(data.conversation?.createdAt ?? data.conversation?.updatedAt ?? null);
  return (
    <li className="stack tight">
      <span>
        From: {site} ·{' '}
        {url ? (
          <a href={url} target="_blank" rel="noreferrer noopener">
            {title}
          </a>
        ) : (
          title
        )}{' '}
        · {when}
        {!data.conversation && <span className="muted"> (conversation deleted from Engram)</span>}
      </span>
      {data.turns.map((t) => (
        <blockquote key={t.key} className="quote">
          <span className="muted">{t.role === 'user' ? 'You' : site}: </span>
          {t.text}
        </blockquote>
      ))}
    </li>
  );
}

/** Where a memory came from: the conversation (linked) and the turns it was read from. */
export function Provenance({ sources }: { sources: MemorySource[] }) {
  const fromChats = sources.filter(fromChat);
  // A desktop agent's proposal (#27) names the agent; the name is the one it gave itself.
  const agent = sources.find((s) => s.agent !== undefined);
  if (fromChats.length === 0 && agent)
    return <p className="muted">Proposed by {agentLabel(agent.agent)}; no conversation behind it.</p>;
  if (fromChats.length === 0) return <p className="muted">Added by hand; no conversation behind it.</p>;
  return (
    <ul className="plain" aria-label="Sources">
      {fromChats.map((s) => (
        <Source key={conversationKey(s.site, s.conversationId)} source={s} />
      ))}
    </ul>
  );
}
