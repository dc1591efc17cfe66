import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import { heldFromBulk, type Held } from '../../lib/pipeline/held';
import { listConflicts } from '../../lib/store/sync-conflicts';
import { pendingProposals, type Proposal } from '../../lib/store/views';
import { agentLabel, whoLabel } from '../shared/labels';
import { TextDiff } from '../memories/MemoryHistory';
import { memoryMeta } from '../memories/MemoryRow';
import { ConflictCard } from '../sync/ConflictCard';
import { TextForm } from '../shared/TextForm';
import { Button, EmptyState, ErrorText, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { keepFocusItem, useKeepFocus } from '../shared/useKeepFocus';

function EditThenApprove({ proposal, onDone }: { proposal: Proposal; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <TextForm
      label={t('review.editLabel')}
      initial={proposal.memory.text}
      rows={2}
      submitLabel={t('review.saveApprove')}
      failed={t('review.approveFailed')}
      tryThis={t('review.approveFailedTry')}
      save={(text) => sendMessage('approveMemory', { id: proposal.memory.id, text })}
      onDone={onDone}
    />
  );
}

const isDeletion = (p: Proposal) => p.base !== null && p.proposedBy?.op === 'delete';

function ProposalText({ proposal }: { proposal: Proposal }) {
  const { memory, base } = proposal;
  if (!base) return <p className="memory-text">{memory.text}</p>;
  if (isDeletion(proposal))
    return (
      <p className="memory-text">
        <del>{base.text}</del>
      </p>
    );
  return (
    <p className="memory-text">
      <TextDiff before={base.text} after={memory.text} />
    </p>
  );
}

/** "Proposed change", "New memory from Extractor (gpt-4o-mini)". */
function proposalWords(t: TFunction, proposal: Proposal) {
  const kind: 'deletion' | 'change' | 'new' = isDeletion(proposal)
    ? 'deletion'
    : proposal.base
      ? 'change'
      : 'new';
  const by = proposal.proposedBy;
  const title = by ? t(`review.kindBy.${kind}`, { who: whoLabel(t, by) }) : t(`review.kind.${kind}`);
  return { title, label: t('review.card', { kind: t(`review.kind.${kind}`), text: proposal.memory.text }) };
}

/** "it carries a link; it was proposed by the desktop app “Cursor”, not written by you" (#34 item 3). */
function heldWords(t: TFunction, held: Held): string {
  const from = held.from?.kind === 'agent' ? agentLabel(t, held.from.name) : t('review.held.file');
  return held.why.map((w) => t(`review.held.why.${w}`, { from })).join(t('review.held.joiner'));
}

/** Why this card is left out of Approve all, and where the proposal came from (#34 item 3). */
function HeldNote({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const held = heldFromBulk(proposal.memory, proposal.proposedBy);
  if (!held) return null;
  return (
    <p className="small" role="note">
      <strong>{t('review.held.title')}</strong> {t('review.held.note', { why: heldWords(t, held) })}
    </p>
  );
}

function ProposalCard({ proposal }: { proposal: Proposal }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const id = proposal.memory.id;
  const approve = useAction(() => sendMessage('approveMemory', { id }));
  const reject = useAction(() => sendMessage('rejectMemory', { id }));
  const { title, label } = proposalWords(t, proposal);
  // Why it waits even with review off: the model's reason, then the guard's (lib/pipeline/guard.ts), or why an
  // import held it (lib/import/hold.ts, #25).
  const why = proposal.proposedBy && proposal.proposedBy.actor !== 'user' ? proposal.proposedBy.reason : null;
  return (
    <li className="card stack tight" aria-label={label} {...keepFocusItem(`proposal:${id}`)}>
      <strong>{title}</strong>
      <ProposalText proposal={proposal} />
      {why && <p className="small">{t('review.reason', { reason: why })}</p>}
      <HeldNote proposal={proposal} />
      <p className="muted small">{memoryMeta(t, i18n.language, proposal.memory)}</p>
      {editing ? (
        <EditThenApprove proposal={proposal} onDone={() => setEditing(false)} />
      ) : (
        <div className="row">
          <Button variant="primary" busy={approve.busy} onClick={() => void approve.run()}>
            {t('review.approve')}
          </Button>
          {!isDeletion(proposal) && (
            <Button onClick={() => setEditing(true)}>{t('review.editApprove')}</Button>
          )}
          <Button variant="danger" busy={reject.busy} onClick={() => void reject.run()}>
            {t('review.reject')}
          </Button>
        </div>
      )}
      <ErrorText
        what={t('review.failed')}
        error={approve.error ?? reject.error}
        tryThis={t('common.tryAgain')}
      />
    </li>
  );
}

/** Approve all, for what is not held: links, rules, pins and what apps or files propose go one at a time. */
function ApproveAll({ proposals }: { proposals: Proposal[] }) {
  const { t } = useTranslation();
  const all = useAction(() => sendMessage('approveAllMemories', {}));
  const held = proposals.filter((p) => heldFromBulk(p.memory, p.proposedBy)).length;
  const free = proposals.length - held;
  return (
    <>
      <div className="row">
        {free > 0 && (
          <Button variant="primary" busy={all.busy} onClick={() => void all.run()}>
            {t('review.approveAll', { count: free })}
          </Button>
        )}
        {held > 0 && (
          <span className="muted small" role="status">
            {t('review.heldCount', { count: held })}
          </span>
        )}
      </div>
      <ErrorText what={t('review.allFailed')} error={all.error} tryThis={t('review.allFailedTry')} />
    </>
  );
}

function Proposals({ proposals, conflicts }: { proposals: Proposal[]; conflicts: number }) {
  const { t } = useTranslation();
  if (proposals.length === 0)
    return conflicts > 0 ? null : (
      <EmptyState id="review-empty" title={t('review.empty')}>
        {t('review.emptyHint')}
      </EmptyState>
    );
  return (
    <>
      <ApproveAll proposals={proposals} />
      <ul className="plain" aria-label={t('labels.status.pending')}>
        {proposals.map((p) => (
          <ProposalCard key={p.memory.id} proposal={p} />
        ))}
      </ul>
    </>
  );
}

export function ReviewSection() {
  const { t } = useTranslation();
  const conflicts = useLiveQuery(listConflicts, []);
  const pending = useLiveQuery(pendingProposals, []);
  // A memory deleted on one device and edited on another is pending and in conflict: shown once, as the conflict.
  const inConflict = new Set(conflicts?.map((c) => c.memory.id));
  const proposals = pending?.filter((p) => !inConflict.has(p.memory.id));
  const keys =
    conflicts && proposals
      ? [
          ...conflicts.map((c) => `conflict:${c.memory.id}`),
          ...proposals.map((p) => `proposal:${p.memory.id}`),
        ]
      : undefined;
  // Approve, Reject and Keep this version remove their own card: focus goes to the next one, or to "Nothing to
  // review." when none is left.
  const onFocus = useKeepFocus(keys, 'review-empty');
  return (
    <Section id="review" title={t('options.nav.review')} intro={t('review.intro')}>
      <div className="stack" onFocus={onFocus}>
        {conflicts && conflicts.length > 0 && (
          <ul className="plain" aria-label={t('review.twoDevices')}>
            {conflicts.map((c) => (
              <ConflictCard key={c.memory.id} conflict={c} />
            ))}
          </ul>
        )}
        {!proposals || !conflicts ? (
          <p className="muted">{t('common.loading')}</p>
        ) : (
          <Proposals proposals={proposals} conflicts={conflicts.length} />
        )}
      </div>
    </Section>
  );
}
