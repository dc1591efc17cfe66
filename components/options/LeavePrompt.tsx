// Asked before Options leaves a section with unsaved changes (components/shared/leaveGuard.ts, #16).
import { useEffect, useRef } from 'react';
import type { LeaveGuard } from '../shared/leaveGuard';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

export function LeavePrompt(props: { guard: LeaveGuard; to: string; onGo(): void; onStay(): void }) {
  const { guard, to, onGo, onStay } = props;
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const save = useAction(async () => {
    if (await guard.save()) onGo();
    else throw new Error('some settings are not valid.');
  });
  return (
    <div
      role="alertdialog"
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      className="card stack"
      onKeyDown={(e) => e.key === 'Escape' && onStay()}
    >
      <strong id="leave-title">Unsaved changes in {guard.section}</strong>
      <p id="leave-text">
        You changed {guard.section} without saving. Save the changes before going to {to}, or leave them?
      </p>
      <div className="row">
        <Button variant="primary" ref={first} busy={save.busy} onClick={() => void save.run()}>
          Save and go to {to}
        </Button>
        <Button onClick={onGo}>Leave without saving</Button>
        <Button onClick={onStay}>Stay on {guard.section}</Button>
      </div>
      <ErrorText
        what="Not saved"
        error={save.error}
        tryThis="Fix the fields marked below, or leave without saving."
      />
    </div>
  );
}
