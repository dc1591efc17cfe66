// Shared building blocks (#6): one look for every section, and accessible names by construction.
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Variant = 'primary' | 'danger' | 'plain' | 'link';

/**
 * `busy`: the action is running. The button says so and ignores presses, but stays enabled: a focused button
 * that becomes `disabled` drops focus to the page body (#16: after Export, Add memory, Delete everything).
 */
export function Button({
  variant = 'plain',
  className,
  busy = false,
  ...props
}: ComponentProps<'button'> & { variant?: Variant; busy?: boolean }) {
  const classes = [variant === 'plain' ? '' : variant, className ?? ''].join(' ').trim();
  // Busy wins over `disabled`, so a caller can pass both (e.g. `disabled={text === ''}`) and focus still stays.
  const running = busy ? { 'aria-disabled': true, 'aria-busy': true, onClick: stop, disabled: false } : {};
  return <button type="button" {...props} {...running} className={classes || undefined} />;
}

const stop = (e: { preventDefault(): void }) => e.preventDefault();

/** The heading of an options section, with one line on what it is for. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      {intro && <p className="muted">{intro}</p>}
      {children}
    </section>
  );
}

/** What is missing, and what to do next. */
export function EmptyState({ id, title, children }: { id?: string; title: string; children?: ReactNode }) {
  return (
    // Focusable from code: when the last item of a list goes, focus comes here (useKeepFocus).
    <div id={id} className="empty card" tabIndex={-1}>
      <strong>{title}</strong>
      {children && <p className="muted">{children}</p>}
    </div>
  );
}

/** An error says what happened (`what`) and, from the thrown message, why; `tryThis` says what to do. */
export function ErrorText({
  what,
  error,
  tryThis,
}: {
  what: string;
  error: string | null;
  tryThis?: string;
}) {
  const { t } = useTranslation();
  if (!error) return null;
  // The reason is quoted: it may be a model's or a server's words, in their language (#37).
  return (
    <p role="alert" className="error">
      {tryThis
        ? t('common.errorTry', { what, reason: error, tryThis })
        : t('common.error', { what, reason: error })}
    </p>
  );
}

/** A labelled control with a one-line explanation linked as its description. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} role="alert" className="error">
          {error}
        </small>
      )}
    </div>
  );
}

/** The aria-describedby for a Field's control. */
export function describedBy(id: string, hint: boolean, error: string | null | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function Select<T extends string>({
  label,
  value,
  options,
  onChange,
  stacked = false,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
  /** Label above the select (forms) rather than beside it (toolbars). */
  stacked?: boolean;
}) {
  return (
    <label className={stacked ? 'stack' : 'inline'}>
      <span>{label}</span>
      {/* Named by aria-label too: a wrapping label's name would include the chosen option's text. */}
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
