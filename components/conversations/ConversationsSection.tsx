import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TFunction } from 'i18next';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import { isSiteUrl, type CaptureHealth } from '../../lib/model/records';
import type { Site } from '../../lib/model/site';
import { turnsOf } from '../../lib/store/conversations';
import { listConversationRows, type ConversationRow } from '../../lib/store/views';
import { DeleteConversation } from './DeleteConversation';
import { VirtualList } from '../memories/VirtualList';
import { dateLabel, orList } from '../shared/labels';
import { SITE_LABELS, SITES } from '../../lib/sites/registry';
import { Button, EmptyState, ErrorText, Section } from '../shared/ui';
import { saidText } from '../shared/noticeWords';
import { problemText } from '../shared/problemWords';
import { useAction } from '../shared/useAction';

/** "chatgpt.com, claude.ai, … or chat.mistral.ai": every site the registry lists, by its first host. */
const siteHostsWords = (lng: string) =>
  orList(
    SITES.map((s) => s.hosts[0] ?? s.label),
    lng,
  );

export function healthLabel(t: TFunction, h: CaptureHealth): string {
  if (h.lastError) return t('conversations.problem', { reason: saidText(t, h.lastError) });
  if (h.turnsStored < h.turnsSeen)
    return t('conversations.partial', { stored: h.turnsStored, count: h.turnsSeen });
  return t(`conversations.complete.${h.strategy}`);
}

function Transcript({ conversationKey }: { conversationKey: string }) {
  const { t } = useTranslation();
  const turns = useLiveQuery(() => turnsOf(conversationKey), [conversationKey]);
  if (!turns) return <p className="muted">{t('conversations.loadingTranscript')}</p>;
  return (
    <ol className="plain transcript" aria-label={t('conversations.transcript')}>
      {turns.map((turn) => (
        <li key={turn.key} className={turn.superseded ? 'muted' : undefined}>
          <strong>{turn.role === 'user' ? t('conversations.you') : t('conversations.assistant')}</strong>{' '}
          <span className="pre">{turn.text}</span>
          {turn.superseded && <em> {t('conversations.replaced')}</em>}
        </li>
      ))}
    </ol>
  );
}

/** Queues this conversation for extraction now and says what happened (#4's queue does the work). */
function ExtractNow({ conversationKey, describedBy }: { conversationKey: string; describedBy: string }) {
  const { t, i18n } = useTranslation();
  const [said, setSaid] = useState<string | null>(null);
  const action = useAction(async () => {
    const reply = await sendMessage('extractNow', { key: conversationKey });
    const waiting = reply.waiting && problemText(t, i18n.language, reply.waiting);
    setSaid(waiting || t('conversations.ran', { count: reply.ran }));
  });
  return (
    <>
      <Button busy={action.busy} onClick={() => void action.run()} aria-describedby={describedBy}>
        {t('conversations.extractNow')}
      </Button>
      {said && <span role="status">{said}</span>}
      <ErrorText what={t('conversations.extractFailed')} error={action.error} />
    </>
  );
}

/** Stored before imports were checked (#12), a conversation may hold any URL: link only the site's own. */
function TitleLink({ site, url, title, id }: { site: Site; url: string; title: string; id: string }) {
  if (!isSiteUrl(site, url)) return <strong id={id}>{title}</strong>;
  return (
    <a href={url} target="_blank" rel="noreferrer noopener">
      <strong id={id}>{title}</strong>
    </a>
  );
}

/** "ChatGPT · 4 turns · Complete, read from the page · Not extracted yet · started … · updated …". */
function cardMeta(t: TFunction, lng: string, row: ConversationRow): string {
  const c = row.conversation;
  const when = (iso: string) => dateLabel(t, iso, lng);
  return [
    SITE_LABELS[c.site],
    t('conversations.turns', { count: row.turns }),
    healthLabel(t, c.health),
    row.lastExtraction
      ? t('conversations.extracted', { when: when(row.lastExtraction.updatedAt) })
      : t('conversations.notExtracted'),
    c.createdAt ? t('conversations.started', { when: when(c.createdAt) }) : null,
    t('conversations.updated', { when: when(c.updatedAt) }),
  ]
    .filter(Boolean)
    .join(' · ');
}

function ConversationCard({ row }: { row: ConversationRow }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<'transcript' | 'delete' | null>(null);
  const c = row.conversation;
  const title = c.title || t('conversations.untitled');
  // Each row's buttons are described by its title: a list of buttons reads "Extract now, Extract now…" (#16).
  const titleId = useId();
  return (
    <div className="card stack tight">
      <div className="row top">
        <div className="grow">
          <TitleLink site={c.site} url={c.url} title={title} id={titleId} />
          <p className="muted small">{cardMeta(t, i18n.language, row)}</p>
        </div>
        <ExtractNow conversationKey={c.key} describedBy={titleId} />
        <Button
          aria-expanded={open === 'transcript'}
          aria-describedby={titleId}
          onClick={() => setOpen(open === 'transcript' ? null : 'transcript')}
        >
          {t('conversations.transcript')}
        </Button>
        <Button
          variant="danger"
          aria-expanded={open === 'delete'}
          aria-describedby={titleId}
          onClick={() => setOpen(open === 'delete' ? null : 'delete')}
        >
          {t('conversations.delete')}
        </Button>
      </div>
      {open === 'transcript' && <Transcript conversationKey={c.key} />}
      {open === 'delete' && <DeleteConversation conversation={c} onCancel={() => setOpen(null)} />}
    </div>
  );
}

/** Title or site, case-insensitive (#13: thousands of imported chats need a way to find one). */
export function matchConversations(
  rows: readonly ConversationRow[],
  query: string,
  untitled = '',
): ConversationRow[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...rows];
  return rows.filter(
    (r) =>
      (r.conversation.title || untitled).toLocaleLowerCase().includes(q) ||
      SITE_LABELS[r.conversation.site].toLocaleLowerCase().includes(q),
  );
}

/**
 * Virtualized like Memories (#13): an imported history of thousands of chats keeps only the rows in view in the
 * page. The search is deferred so typing stays quick while the list filters.
 */
function ConversationList({ rows }: { rows: readonly ConversationRow[] }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const untitled = t('conversations.untitled');
  const shown = useMemo(() => matchConversations(rows, deferred, untitled), [rows, deferred, untitled]);
  return (
    <>
      <label className="inline grow">
        <span>{t('filters.search')}</span>
        <input
          type="search"
          value={query}
          placeholder={t('conversations.searchHint')}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      <p className="muted" aria-live="polite">
        {t('memories.showing', { shown: shown.length, total: rows.length })}
      </p>
      <VirtualList
        items={shown}
        label={t('options.nav.conversations')}
        getKey={(r) => r.conversation.key}
        rowLabel={(r) => r.conversation.title || untitled}
        estimate={96}
        render={(r) => <ConversationCard row={r} />}
      />
    </>
  );
}

export function ConversationsSection() {
  const { t, i18n } = useTranslation();
  const rows = useLiveQuery(listConversationRows, []);
  return (
    <Section id="conversations" title={t('options.nav.conversations')} intro={t('conversations.intro')}>
      {!rows ? (
        <p className="muted">{t('conversations.loading')}</p>
      ) : rows.length === 0 ? (
        <EmptyState title={t('conversations.none')}>
          {t('conversations.noneHint', { hosts: siteHostsWords(i18n.language) })}
        </EmptyState>
      ) : (
        <ConversationList rows={rows} />
      )}
    </Section>
  );
}
