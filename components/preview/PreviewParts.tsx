// The preview's lines, totals and budget (#16): every number explained, every empty state given its reason.
import type { RecallReply } from '../../lib/model/messages';
import { TYPE_LABELS } from '../shared/labels';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The memory's own type (a Preference is not "About me", #16); a past-chat excerpt says so, and an assistant's
 * says it is a quote of a past answer, not the person's note (#25).
 */
function kindOf(line: RecallReply['lines'][number]): string {
  if (line.section === 'past') return line.answer ? 'Quoted AI answer, from a past chat' : 'From a past chat';
  return line.type ? TYPE_LABELS[line.type] : 'Memory';
}

export function Lines({ reply, onRemove }: { reply: RecallReply; onRemove: (id: string) => void }) {
  return (
    <ul className="stack preview-lines">
      {reply.lines.map((line) => (
        <li key={line.id}>
          <small>
            {kindOf(line)}
            {line.day ? ` · ${line.day}` : ''} · {line.tokens} tokens
          </small>
          <span>{line.text}</span>
          <button
            type="button"
            aria-label={`Remove: ${line.text.slice(0, 60)}`}
            onClick={() => onRemove(line.id)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The total counts the block's frame (its opening and closing lines and section headings), which no single
 * line carries: the lines alone summed to 29 while the total said 78 (#16).
 */
export function Totals({ reply }: { reply: RecallReply }) {
  const lines = reply.lines.reduce((n, l) => n + l.tokens, 0);
  const frame = Math.max(0, reply.tokens - lines);
  const left = reply.leftOut ?? 0;
  const n = reply.lines.length;
  return (
    <>
      <p>
        {n > 0 ? reply.tokens : 0} of {reply.budgetTokens} tokens · {plural(n, 'memory', 'memories')}
      </p>
      {n > 0 && (
        <p className="muted">
          {lines} for the memories + {frame} for headings and markers
        </p>
      )}
      {left > 0 && (
        <p role="status">
          {plural(left, 'matching memory', 'matching memories')} left out: they do not fit the budget. Raise
          it to include them.
        </p>
      )}
    </>
  );
}

/** Why there is nothing to insert, instead of a disabled "Insert 0 memories" (#16). */
export function NothingToInsert({ reply, removed }: { reply: RecallReply; removed: number }) {
  if (reply.lines.length > 0) return null;
  const why =
    removed > 0
      ? 'You removed every memory, so there is nothing to insert. Cancel to leave the chat as it is.'
      : (reply.leftOut ?? 0) > 0
        ? 'No memory fits this budget. Raise the budget to include one.'
        : 'No saved memory matches this chat yet. Add memories in Engram, or let it learn from your chats.';
  return <p className="muted">{why}</p>;
}

export function Budget({ value, onChange }: { value: number; onChange: (budget: number) => void }) {
  return (
    <div className="row budget">
      <label htmlFor="preview-budget">Token budget</label>
      <input
        id="preview-budget"
        type="range"
        min={100}
        max={4000}
        step={50}
        value={value}
        aria-valuetext={`${value} tokens`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <span>{value} tokens</span>
    </div>
  );
}
