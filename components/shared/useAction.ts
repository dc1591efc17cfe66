import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saidOf, type Said } from '../../lib/model/problem';
import { saidWords } from './problemWords';

/**
 * Runs an async action and keeps its error for display, so no failure is silent. The background's refusal is a
 * problem (its `problem`, copied across by the messenger) said in the page's language; any other error's text is
 * quoted inside the sentence (#37).
 */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const { t, i18n } = useTranslation();
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (...args: A): Promise<boolean> => {
    setBusy(true);
    setSaid(null);
    try {
      await action(...args);
      return true;
    } catch (e) {
      setSaid(saidOf(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const error = said === null ? null : saidWords(t, i18n.language, said);
  return { run, error, busy };
}
