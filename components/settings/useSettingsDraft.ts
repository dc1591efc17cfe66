import { useEffect, useState } from 'react';
import { DEFAULT_SETTINGS, Settings } from '../../lib/model/settings';
import { readSettings, settingsItem, writeSettings } from '../../lib/settings';
import { GROUPS } from './fields';

const INVALID = new Map(
  GROUPS.flatMap((g) => g.fields).map((f) => [f.path, f.invalid ?? 'This value is not allowed.']),
);

/** Field path → what is wrong, from the settings schema. Empty when the draft is valid. */
export function validate(draft: Settings): Record<string, string> {
  const parsed = Settings.safeParse(draft);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] = INVALID.get(path) ?? issue.message;
  }
  return errors;
}

/** The stored settings as an editable draft; Save validates with the schema and writes only a valid whole. */
export function useSettingsDraft() {
  const [draft, setDraft] = useState<Settings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void readSettings().then((s) => live && setDraft(s));
    const stop = settingsItem.watch(() => void readSettings().then((s) => live && setDraft(s)));
    return () => {
      live = false;
      stop();
    };
  }, []);
  const save = async (): Promise<void> => {
    const next = draft ?? DEFAULT_SETTINGS;
    const found = validate(next);
    setErrors(found);
    setSaved(null);
    if (Object.keys(found).length > 0) return;
    await writeSettings(next);
    setSaved('Settings saved.');
  };
  return { draft, setDraft, errors, save, saved };
}
