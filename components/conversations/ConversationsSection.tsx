import { useLiveQuery } from 'dexie-react-hooks';
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
import { useAction } from '../shared/useAction';

/** "chatgpt.com, claude.ai, … or chat.mistral.ai": every site the registry lists, by its first host. */
const SITE_HOSTS_WORDS = orList(SITES.map((s) => s.hosts[0] ?? s.label));

const STRATEGY: Record<CaptureHealth['strategy'], string> = {
  api: 'read from the site’s own data',
  page: 'read from the page',
  none: 'not readable',
  import: 'imported from a data export',
};

export function healthLabel(h: CaptureHealth): string {
  if (h.lastError) return `Problem: ${h.lastError}`;
  if (h.turnsStored < h.turnsSeen) return `Stored ${h.turnsStored} of ${h.turnsSeen} turns seen`;
  return `Complete, ${STRATEGY[h.strategy]}`;
}

function Transcript({ conversationKey }: { conversationKey: string }) {
  const turns = useLiveQuery(() => turnsOf(conversationKey), [conversationKey]);
  if (!turns) return <p className="muted">Loading transcript…</p>;
  return (
    <ol className="plain transcript" aria-label="Transcript">
      {turns.map((t) => (
        <li key={t.key} className={t.superseded ? 'muted' : undefined}>
          <strong>{t.role === 'user' ? 'You' : 'Assistant'}:</strong> <span className="pre">{t.text}</span>
          {t.superseded && <em> (replaced by an edit)</em>}
        </li>
      ))}
    </ol>
  );
}

/** Queues this conversation for extraction now and says what happened (#4's queue does the work). */
function ExtractNow({ conversationKey, describedBy }: { conversationKey: string; describedBy: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const action = useAction(async () => {
    const reply = await sendMessage('extractNow', { key: conversationKey });
    setSaid(reply.waiting ?? `Extraction ran ${reply.ran} job${reply.ran === 1 ? '' : 's'}.`);
  });
  return (
    <>
      <Button busy={action.busy} onClick={() => void action.run()} aria-describedby={describedBy}>
        Extract now
      </Button>
      {said && <span role="status">{said}</span>}
      <ErrorText what="Could not start extraction" error={action.error} />
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

function ConversationCard({ row }: { row: ConversationRow }) {
  const [open, setOpen] = useState<'transcript' | 'delete' | null>(null);
  const c = row.conversation;
  const title = c.title || 'Untitled conversation';
  // Each row's buttons are described by its title: a list of buttons reads "Extract now, Extract now…" (#16).
  const titleId = useId();
  const extracted = row.lastExtraction
    ? `Last extracted ${dateLabel(row.lastExtraction.updatedAt)}`
    : 'Not extracted yet';
  return (
    <div className="card stack tight">
      <div className="row top">
        <div className="grow">
          <TitleLink site={c.site} url={c.url} title={title} id={titleId} />
          <p className="muted small">
            {SITE_LABELS[c.site]} · {row.turns} turns · {healthLabel(c.health)} · {extracted}
            {c.createdAt ? ` · started ${dateLabel(c.createdAt)}` : ''} · updated {dateLabel(c.updatedAt)}
          </p>
        </div>
        <ExtractNow conversationKey={c.key} describedBy={titleId} />
        <Button
          aria-expanded={open === 'transcript'}
          aria-describedby={titleId}
          onClick={() => setOpen(open === 'transcript' ? null : 'transcript')}
        >
          Transcript
        </Button>
        <Button
          variant="danger"
          aria-expanded={open === 'delete'}
          aria-describedby={titleId}
          onClick={() => setOpen(open === 'delete' ? null : 'delete')}
        >
          Delete…
        </Button>
      </div>
      {open === 'transcript' && <Transcript conversationKey={c.key} />}
      {open === 'delete' && <DeleteConversation conversation={c} onCancel={() => setOpen(null)} />}
    </div>
  );
}

const titleOf = (r: ConversationRow) => r.conversation.title || 'Untitled conversation';

/** Title or site, case-insensitive (#13: thousands of imported chats need a way to find one). */
export function matchConversations(rows: readonly ConversationRow[], query: string): ConversationRow[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...rows];
  return rows.filter(
    (r) =>
      titleOf(r).toLocaleLowerCase().includes(q) ||
      SITE_LABELS[r.conversation.site].toLocaleLowerCase().includes(q),
  );
}

/**
 * Virtualized like Memories (#13): an imported history of thousands of chats keeps only the rows in view in the
 * page. The search is deferred so typing stays quick while the list filters.
 */
function ConversationList({ rows }: { rows: readonly ConversationRow[] }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => matchConversations(rows, deferred), [rows, deferred]);
  return (
    <>
      <label className="inline grow">
        <span>Search</span>
        <input
          type="search"
          value={query}
          placeholder="Title or site"
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      <p className="muted" aria-live="polite">
        Showing {shown.length} of {rows.length}.
      </p>
      <VirtualList
        items={shown}
        label="Conversations"
        getKey={(r) => r.conversation.key}
        rowLabel={titleOf}
        estimate={96}
        render={(r) => <ConversationCard row={r} />}
      />
    </>
  );
}

export function ConversationsSection() {
  const rows = useLiveQuery(listConversationRows, []);
  return (
    <Section
      id="conversations"
      title="Conversations"
      intro="The chats Engram has captured, newest first. Memories are extracted from these."
    >
      {!rows ? (
        <p className="muted">Loading conversations…</p>
      ) : rows.length === 0 ? (
        <EmptyState title="No conversations captured yet.">
          Open a chat on {SITE_HOSTS_WORDS}; Engram stores it as you talk, unless capture is paused in
          Settings.
        </EmptyState>
      ) : (
        <ConversationList rows={rows} />
      )}
    </Section>
  );
}
