import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import { listConflicts } from '../../lib/store/sync-conflicts';
import { pendingProposals, type Proposal } from '../../lib/store/views';
import { whoLabel } from '../shared/labels';
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

function Proposals({ proposals, conflicts }: { proposals: Proposal[]; conflicts: number }) {
  const { t } = useTranslation();
  const all = useAction(() => sendMessage('approveAllMemories', {}));
  if (proposals.length === 0)
    return conflicts > 0 ? null : (
      <EmptyState id="review-empty" title={t('review.empty')}>
        {t('review.emptyHint')}
      </EmptyState>
    );
  return (
    <>
      <div className="row">
        <Button variant="primary" busy={all.busy} onClick={() => void all.run()}>
          {t('review.approveAll', { count: proposals.length })}
        </Button>
      </div>
      <ErrorText what={t('review.allFailed')} error={all.error} tryThis={t('review.allFailedTry')} />
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
