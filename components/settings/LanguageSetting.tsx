// Settings → Language (#37): the browser's language by default, or one the person picks (an English browser,
// a Japanese chat). Stored apart from the Save-able settings and applied the moment it is picked, on every open
// Engram page (each follows the choice: components/shared/Localized.tsx), the preview and the block included.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserLanguages, languageItem } from '../../lib/i18n/choice';
import { LANGUAGES, matchLanguage } from '../../lib/i18n/languages';
import { Field } from '../shared/ui';

function useChoice(): [string | null, (code: string) => void] {
  const [choice, setChoice] = useState<string | null>(null);
  useEffect(() => {
    void languageItem.getValue().then(setChoice);
    return languageItem.watch((next) => setChoice(next));
  }, []);
  return [choice, (code) => void languageItem.setValue(code)];
}

export function LanguageSetting() {
  const { t } = useTranslation();
  const [choice, choose] = useChoice();
  const browser = LANGUAGES.find((l) => l.code === matchLanguage(browserLanguages()));
  if (choice === null) return null;
  return (
    <div className="card">
      <Field id="setting-language" label={t('settings.language')} hint={t('settings.languageHint')}>
        <select
          id="setting-language"
          aria-describedby="setting-language-hint"
          value={choice}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="auto">{t('settings.languageAuto', { name: browser?.name ?? 'English' })}</option>
          {LANGUAGES.map((l) => (
            // Each language in its own words and tagged as such, so a screen reader says it right.
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
