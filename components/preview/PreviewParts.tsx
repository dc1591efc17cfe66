// The preview's lines, totals and budget (#16): every number explained, every empty state given its reason.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RecallReply } from '../../lib/model/messages';
import { formatDate } from '../../lib/i18n/formatters';
import { typeLabel } from '../shared/labels';

/**
 * The memory's own type (a Preference is not "About me", #16); a past-chat excerpt says so, and an assistant's
 * says it is a quote of a past answer, not the person's note (#25).
 */
function kindOf(t: TFunction, line: RecallReply['lines'][number]): string {
  if (line.section === 'past') return line.answer ? t('preview.quotedAnswer') : t('preview.pastChat');
  return line.type ? typeLabel(t, line.type) : t('preview.memory');
}

/**
 * "From a past chat · 1 Jun 2026 · 9 tokens": the day is a UTC day ("2026-06-01"), said as the block says it
 * (its date locale: "1 Jun 2026" in English, not "Jun 1").
 */
function lineInfo(t: TFunction, line: RecallReply['lines'][number]): string {
  const kind = kindOf(t, line);
  const day = line.day && formatDate(`${line.day}T00:00:00Z`, t('block.dateLocale'), 'UTC');
  return day
    ? t('preview.lineDated', { kind, day, count: line.tokens })
    : t('preview.line', { kind, count: line.tokens });
}

export function Lines({ reply, onRemove }: { reply: RecallReply; onRemove: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="stack preview-lines">
      {reply.lines.map((line) => (
        <li key={line.id}>
          <small>{lineInfo(t, line)}</small>
          <span>{line.text}</span>
          <button
            type="button"
            aria-label={t('preview.removeLine', { text: line.text.slice(0, 60) })}
            onClick={() => onRemove(line.id)}
          >
            {t('preview.remove')}
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
  const { t } = useTranslation();
  const lines = reply.lines.reduce((n, l) => n + l.tokens, 0);
  const frame = Math.max(0, reply.tokens - lines);
  const left = reply.leftOut ?? 0;
  const n = reply.lines.length;
  return (
    <>
      <p>{t('preview.total', { tokens: n > 0 ? reply.tokens : 0, budget: reply.budgetTokens, count: n })}</p>
      {n > 0 && <p className="muted">{t('preview.split', { lines, frame })}</p>}
      {left > 0 && <p role="status">{t('preview.leftOut', { count: left })}</p>}
    </>
  );
}

/** Why there is nothing to insert, instead of a disabled "Insert 0 memories" (#16). */
export function NothingToInsert({ reply, removed }: { reply: RecallReply; removed: number }) {
  const { t } = useTranslation();
  if (reply.lines.length > 0) return null;
  const why =
    removed > 0
      ? t('preview.allRemoved')
      : (reply.leftOut ?? 0) > 0
        ? t('preview.noneFits')
        : t('preview.noneMatches');
  return <p className="muted">{why}</p>;
}

export function Budget({ value, onChange }: { value: number; onChange: (budget: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="row budget">
      <label htmlFor="preview-budget">{t('preview.budget')}</label>
      <input
        id="preview-budget"
        type="range"
        min={100}
        max={4000}
        step={50}
        value={value}
        aria-valuetext={t('preview.tokens', { count: value })}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <span>{t('preview.tokens', { count: value })}</span>
    </div>
  );
}
