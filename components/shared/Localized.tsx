// Every Engram page renders inside this (#37): it loads the chosen catalogue, sets <html lang>, and switches
// language when the choice changes in any page, without a reload (react-i18next re-renders every `t`).
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { watchLanguage } from '../../lib/i18n/choice';
import { i18n, switchLanguage } from '../../lib/i18n/i18n';

export function Localized({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(
    () =>
      watchLanguage(
        (code) =>
          void switchLanguage(code).then(() => {
            document.documentElement.lang = code;
            setReady(true);
          }),
      ),
    [],
  );
  // Nothing until the first catalogue is in: a flash of English before Japanese reads as a glitch.
  return <I18nextProvider i18n={i18n}>{ready ? children : null}</I18nextProvider>;
}
