// A new sync passphrase (#25): typed, or suggested as words from EFF's list (lib/sync/words.ts). Shown as text, so
// the person can check it and write it down; what is wrong with it is said as they type, with the floor's reason.
import { useTranslation } from 'react-i18next';
import { passphraseProblem } from '../../lib/sync/passphrase';
import { bitsOf, SUGGESTED_WORDS, suggestPassphrase } from '../../lib/sync/words';
import { problemText } from '../shared/problemWords';
import { Button, describedBy, Field } from '../shared/ui';

export function NewPassphrase({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const weak = value ? passphraseProblem(value) : null;
  const problem = weak && problemText(t, i18n.language, weak);
  const suggested = t('sync.suggested', {
    count: SUGGESTED_WORDS,
    bits: Math.floor(bitsOf(SUGGESTED_WORDS)),
  });
  const hint = `${t('sync.floor')} ${suggested}`;
  return (
    <div className="stack">
      <Field id={id} label={t('sync.newPassphrase')} hint={hint} error={problem}>
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
        <Button onClick={() => onChange(suggestPassphrase())}>{t('sync.suggest')}</Button>
      </div>
    </div>
  );
}
