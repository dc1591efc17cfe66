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
  const [stored, setStored] = useState<Settings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void readSettings().then((s) => live && (setDraft(s), setStored(s)));
    load();
    const stop = settingsItem.watch(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  /** True when the draft was valid and written. */
  const save = async (): Promise<boolean> => {
    const next = draft ?? DEFAULT_SETTINGS;
    const found = validate(next);
    setErrors(found);
    setSaved(null);
    if (Object.keys(found).length > 0) return false;
    await writeSettings(next);
    setStored(next);
    setSaved('Settings saved.');
    return true;
  };
  const dirty = !!draft && !!stored && JSON.stringify(draft) !== JSON.stringify(stored);
  return { draft, setDraft, errors, save, saved, dirty };
}
