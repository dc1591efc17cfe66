import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { conversationKey, turnKey } from '../../lib/model/keys';
import { isSiteUrl, type MemorySource, type Turn } from '../../lib/model/records';
import type { Site } from '../../lib/model/site';
import { getConversation } from '../../lib/store/conversations';
import { turnsByKeys } from '../../lib/store/views';
import { agentLabel, dateLabel } from '../shared/labels';
import { SITE_LABELS } from '../../lib/sites/registry';

type ChatSource = MemorySource & { site: Site; conversationId: string };
const fromChat = (s: MemorySource): s is ChatSource => s.site !== null && s.conversationId !== null;

function Source({ source }: { source: ChatSource }) {
  const { t, i18n } = useTranslation();
  const key = conversationKey(source.site, source.conversationId);
  const data = useLiveQuery(async () => {
    const conversation = await getConversation(key);
    const turns = await turnsByKeys(source.turnIds.map((t) => turnKey(key, t)));
    return { conversation, turns };
  }, [key, source.turnIds]);
  if (!data) return <li className="muted">{t('provenance.loading')}</li>;
  const site = SITE_LABELS[source.site];
  const title = data.conversation?.title || t('conversations.untitled');
  const stored = data.conversation?.url ?? source.url;
  // Stored before imports were checked (#12), a source may hold any URL: link only the site's own.
  const url = stored && isSiteUrl(source.site, stored) ? stored : null;
  const at = data.conversation?.createdAt ?? data.conversation?.updatedAt ?? null;
  const when = dateLabel(t, at, i18n.language);
  return (
    <li className="stack tight">
      <span>
        {t('provenance.from', { site })}{' '}
        {url ? (
          <a href={url} target="_blank" rel="noreferrer noopener">
            {title}
          </a>
        ) : (
          title
        )}{' '}
        · {when}
        {!data.conversation && <span className="muted"> {t('provenance.deleted')}</span>}
      </span>
      <Turns turns={data.turns} site={site} />
    </li>
  );
}

function Turns({ turns, site }: { turns: Turn[]; site: string }) {
  const { t } = useTranslation();
  return turns.map((turn) => (
    <blockquote key={turn.key} className="quote">
      <span className="muted">{turn.role === 'user' ? t('labels.actor.user') : site}: </span>
      {turn.text}
    </blockquote>
  ));
}

/** Where a memory came from: the conversation (linked) and the turns it was read from. */
export function Provenance({ sources }: { sources: MemorySource[] }) {
  const { t } = useTranslation();
  const fromChats = sources.filter(fromChat);
  // A desktop agent's proposal (#27) names the agent; the name is the one it gave itself.
  const agent = sources.find((s) => s.agent !== undefined);
  if (fromChats.length === 0 && agent)
    return <p className="muted">{t('provenance.byApp', { app: agentLabel(t, agent.agent) })}</p>;
  if (fromChats.length === 0) return <p className="muted">{t('provenance.byHand')}</p>;
  return (
    <ul className="plain" aria-label={t('provenance.sources')}>
      {fromChats.map((s) => (
        <Source key={conversationKey(s.site, s.conversationId)} source={s} />
      ))}
    </ul>
  );
}
