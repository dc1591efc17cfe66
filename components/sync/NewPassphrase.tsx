// A new sync passphrase (#25): typed, or suggested as words from EFF's list (lib/sync/words.ts). Shown as text, so
// the person can check it and write it down; what is wrong with it is said as they type, with the floor's reason.
import { passphraseProblem, PASSPHRASE_FLOOR } from '../../lib/sync/passphrase';
import { bitsOf, SUGGESTED_WORDS, suggestPassphrase } from '../../lib/sync/words';
import { Button, describedBy, Field } from '../shared/ui';

const SUGGESTED = `A suggestion is ${SUGGESTED_WORDS} words drawn at random from a list of 7,776 (about ${Math.floor(bitsOf(SUGGESTED_WORDS))} bits). Write it down: Engram keeps no copy and cannot recover it.`;

export function NewPassphrase({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const problem = value ? passphraseProblem(value) : null;
  return (
    <div className="stack">
      <Field id={id} label="New sync passphrase" hint={`${PASSPHRASE_FLOOR} ${SUGGESTED}`} error={problem}>
        <input
          id={id}
          type="text"
          value={value}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={describedBy(id, true, problem)}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
      <div className="row">
        <Button onClick={() => onChange(suggestPassphrase())}>Suggest a passphrase</Button>
      </div>
    </div>
  );
}
