import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import { heldFromBulk } from '../../lib/pipeline/held';
import { listConflicts } from '../../lib/store/sync-conflicts';
import { pendingProposals, type Proposal } from '../../lib/store/views';
import { whoLabel } from '../shared/labels';
import { TextDiff } from '../memories/MemoryHistory';
import { memoryMeta, originLabel } from '../memories/MemoryRow';
import { ConflictCard } from '../sync/ConflictCard';
import { TextForm } from '../shared/TextForm';
import { Button, EmptyState, ErrorText, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { keepFocusItem, useKeepFocus } from '../shared/useKeepFocus';

function EditThenApprove({ proposal, onDone }: { proposal: Proposal; onDone: () => void }) {
  return (
    <TextForm
      label="Edit before approving"
      initial={proposal.memory.text}
      rows={2}
      submitLabel="Save and approve"
      failed="Could not approve"
      tryThis="Check the text and try again."
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

/** Why this card is left out of Approve all, and where the proposal came from (#34 item 3). */
function HeldNote({ proposal }: { proposal: Proposal }) {
  const held = heldFromBulk(proposal.memory, proposal.proposedBy);
  if (!held) return null;
  return (
    <p className="small" role="note">
      <strong>Approve or reject it on its own:</strong> {held.why.join('; ')}. It came{' '}
      {held.from ? `from ${held.from}` : originLabel(proposal.memory)}. Approve all leaves it here.
    </p>
  );
}

function ProposalCard({ proposal }: { proposal: Proposal }) {
  const [editing, setEditing] = useState(false);
  const id = proposal.memory.id;
  const approve = useAction(() => sendMessage('approveMemory', { id }));
  const reject = useAction(() => sendMessage('rejectMemory', { id }));
  const kind = isDeletion(proposal) ? 'Proposed deletion' : proposal.base ? 'Proposed change' : 'New memory';
  const by = proposal.proposedBy ? ` from ${whoLabel(proposal.proposedBy)}` : '';
  // Why it waits even with review off: the model's reason, then the guard's (lib/pipeline/guard.ts), or why an
  // import held it (lib/import/hold.ts, #25).
  const why = proposal.proposedBy && proposal.proposedBy.actor !== 'user' ? proposal.proposedBy.reason : null;
  return (
    <li
      className="card stack tight"
      aria-label={`${kind}: ${proposal.memory.text}`}
      {...keepFocusItem(`proposal:${id}`)}
    >
      <strong>{kind + by}</strong>
      <ProposalText proposal={proposal} />
      {why && <p className="small">Reason: {why}</p>}
      <HeldNote proposal={proposal} />
      <p className="muted small">{memoryMeta(proposal.memory)}</p>
      {editing ? (
        <EditThenApprove proposal={proposal} onDone={() => setEditing(false)} />
      ) : (
        <div className="row">
          <Button variant="primary" busy={approve.busy} onClick={() => void approve.run()}>
            Approve
          </Button>
          {!isDeletion(proposal) && <Button onClick={() => setEditing(true)}>Edit then approve</Button>}
          <Button variant="danger" busy={reject.busy} onClick={() => void reject.run()}>
            Reject
          </Button>
        </div>
      )}
      <ErrorText
        what="Could not review this memory"
        error={approve.error ?? reject.error}
        tryThis="Try again."
      />
    </li>
  );
}

function ApproveAll({ proposals }: { proposals: Proposal[] }) {
  const all = useAction(() => sendMessage('approveAllMemories', {}));
  const held = proposals.filter((p) => heldFromBulk(p.memory, p.proposedBy)).length;
  const free = proposals.length - held;
  return (
    <>
      <div className="row">
        {free > 0 && (
          <Button variant="primary" busy={all.busy} onClick={() => void all.run()}>
            Approve all ({free})
          </Button>
        )}
        {held > 0 && (
          <span className="muted small" role="status">
            {held === 1 ? '1 item is' : `${held} items are`} not part of Approve all: links, standing rules,
            pinned memories and what desktop apps or files propose are approved one at a time.
          </span>
        )}
      </div>
      <ErrorText
        what="Could not approve all"
        error={all.error}
        tryThis="Try again, or approve them one by one."
      />
    </>
  );
}

function Proposals({ proposals, conflicts }: { proposals: Proposal[]; conflicts: number }) {
  if (proposals.length === 0)
    return conflicts > 0 ? null : (
      <EmptyState id="review-empty" title="Nothing to review.">
        Turn on “Ask me before saving” in Settings → Privacy to check every memory before Engram keeps it.
      </EmptyState>
    );
  return (
    <>
      <ApproveAll proposals={proposals} />
      <ul className="plain" aria-label="Waiting for review">
        {proposals.map((p) => (
          <ProposalCard key={p.memory.id} proposal={p} />
        ))}
      </ul>
    </>
  );
}

export function ReviewSection() {
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
    <Section
      id="review"
      title="Review"
      intro="With “Ask me before saving” on, new memories and changes wait here for you. Changes to memories you pinned, wrote or made standing rules, new standing rules, memories with links, pinned memories from an imported file, what a desktop app proposes, and all of a job that tried to change too much wait here whatever the setting. Links, standing rules, pinned memories and what apps or files propose are approved one at a time, never with Approve all. Removed words are struck through; added words are underlined."
    >
      <div className="stack" onFocus={onFocus}>
        {conflicts && conflicts.length > 0 && (
          <ul className="plain" aria-label="Changed on two devices">
            {conflicts.map((c) => (
              <ConflictCard key={c.memory.id} conflict={c} />
            ))}
          </ul>
        )}
        {!proposals || !conflicts ? (
          <p className="muted">Loading…</p>
        ) : (
          <Proposals proposals={proposals} conflicts={conflicts.length} />
        )}
      </div>
    </Section>
  );
}
