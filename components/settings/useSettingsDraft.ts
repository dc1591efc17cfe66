import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS, Settings } from '../../lib/model/settings';
import { readSettings, settingsItem, writeSettings } from '../../lib/settings';
import { getIn, GROUPS, isChecked, setIn } from './fields';
import { rebase, type Clash } from './rebase';

const FIELDS = GROUPS.flatMap((g) => g.fields);

/** What a bad value of a field should be, in the page's language; a field the form lacks gets the schema's words. */
function invalidText(t: TFunction, path: string, schema: string): string {
  if (isChecked(path)) return t(`settings.field.${path}.invalid`);
  return FIELDS.some((f) => f.path === path) ? t('settings.notAllowed') : schema;
}

/** Field path → what is wrong, from the settings schema. Empty when the draft is valid. */
export function validate(t: TFunction, draft: Settings): Record<string, string> {
  const parsed = Settings.safeParse(draft);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] = invalidText(t, path, issue.message);
  }
  return errors;
}

interface DraftState {
  draft: Settings | null;
  /** The stored settings the draft was made from (or last rebased on). */
  base: Settings | null;
  clashes: Clash[];
}

/** Reads the stored settings now and at every change, merging each into the draft; returns the stop. */
function followStored(setState: Dispatch<SetStateAction<DraftState>>): () => void {
  let live = true;
  const arrived = (incoming: Settings) =>
    setState(({ draft, base, clashes }) =>
      draft && base
        ? { ...rebase(draft, base, incoming, clashes), base: incoming }
        : { draft: incoming, base: incoming, clashes: [] },
    );
  const load = () => void readSettings().then((s) => live && arrived(s));
  load();
  const stop = settingsItem.watch(load);
  return () => {
    live = false;
    stop();
  };
}

/**
 * The stored settings as an editable draft; Save validates with the schema and writes only a valid whole. A
 * change saved elsewhere is merged in (rebase.ts): unsaved edits survive it, and a field changed on both sides is
 * listed in `clashes` until the person keeps theirs or takes the new value.
 */
export function useSettingsDraft() {
  const { t } = useTranslation();
  const [state, setState] = useState<DraftState>({ draft: null, base: null, clashes: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => followStored(setState), []);
  const { draft, base, clashes } = state;
  const setDraft = useCallback((next: Settings) => setState((s) => ({ ...s, draft: next })), []);
  /** Keep the person's value (`mine`) or take the one saved elsewhere; either way the question is answered. */
  const settle = useCallback(
    (clash: Clash, take: 'mine' | 'theirs') =>
      setState((s) => ({
        draft: s.draft && take === 'theirs' ? setIn(s.draft, clash.def.path, clash.theirs) : s.draft,
        base: s.base,
        clashes: s.clashes.filter((c) => c.def.path !== clash.def.path),
      })),
    [],
  );
  /** True when the draft was valid and written. */
  const save = async (): Promise<boolean> => {
    const next = draft ?? DEFAULT_SETTINGS;
    const found = validate(t, next);
    setErrors(found);
    setSaved(null);
    if (Object.keys(found).length > 0) return false;
    // Only the form's fields, over what is stored now: a site switched in Sites a moment ago (applied at once,
    // #24) is not put back by a draft that had not heard of it yet.
    const stored = await readSettings();
    const written = FIELDS.reduce((s, f) => setIn(s, f.path, getIn(next, f.path)), stored);
    await writeSettings(written);
    // Saving keeps what is on screen: the open questions are answered with the person's values.
    setState((s) => ({ ...s, draft: written, base: written, clashes: [] }));
    setSaved(t('settings.saved'));
    return true;
  };
  const dirty = !!draft && !!base && JSON.stringify(draft) !== JSON.stringify(base);
  return { draft, setDraft, errors, save, saved, dirty, clashes, settle };
}
