// Asked before Options leaves a section with unsaved changes (components/shared/leaveGuard.ts, #16).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaveGuard, SectionId } from '../shared/leaveGuard';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

export function LeavePrompt(props: { guard: LeaveGuard; to: SectionId; onGo(): void; onStay(): void }) {
  const { t } = useTranslation();
  const { guard, onGo, onStay } = props;
  const from = t(`options.nav.${guard.section}`);
  const to = t(`options.nav.${props.to}`);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const save = useAction(async () => {
    if (await guard.save()) onGo();
    else throw new Error(t('leave.invalid'));
  });
  return (
    <div
      role="alertdialog"
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      className="card stack"
      onKeyDown={(e) => e.key === 'Escape' && onStay()}
    >
      <strong id="leave-title">{t('leave.title', { section: from })}</strong>
      <p id="leave-text">{t('leave.text', { section: from, to })}</p>
      <div className="row">
        <Button variant="primary" ref={first} busy={save.busy} onClick={() => void save.run()}>
          {t('leave.saveAndGo', { to })}
        </Button>
        <Button onClick={onGo}>{t('leave.leave')}</Button>
        <Button onClick={onStay}>{t('leave.stay', { section: from })}</Button>
      </div>
      <ErrorText what={t('leave.notSaved')} error={save.error} tryThis={t('leave.notSavedTry')} />
    </div>
  );
}
