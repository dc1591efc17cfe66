import { useTranslation } from 'react-i18next';
import { useMemo, type FormEvent } from 'react';
import { useLeaveGuard } from '../shared/leaveGuard';
import type { Settings } from '../../lib/model/settings';
import { Button, describedBy, ErrorText, Field, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { getIn, GROUPS, setIn, type FieldDef } from './fields';
import { ChangedElsewhere, fieldId } from './ChangedElsewhere';
import { SemanticStatusLine } from './SemanticStatusLine';
import { LanguageSetting } from './LanguageSetting';
import { SitesSettings } from './SitesSettings';
import { useSettingsDraft } from './useSettingsDraft';

interface ControlProps {
  def: FieldDef;
  draft: Settings;
  error?: string;
  onChange: (s: Settings) => void;
}

const idOf = (def: FieldDef) => fieldId(def.path);

function CheckControl({ def, draft, error, onChange }: ControlProps) {
  const { t } = useTranslation();
  const id = idOf(def);
  return (
    <div className="field check">
      <input
        id={id}
        type="checkbox"
        aria-describedby={describedBy(id, true, error)}
        checked={getIn(draft, def.path) === true}
        onChange={(e) => onChange(setIn(draft, def.path, e.target.checked))}
      />
      <label htmlFor={id}>{t(`settings.field.${def.path}.label`)}</label>
      <small id={`${id}-hint`} className="muted">
        {t(`settings.field.${def.path}.hint`)}
      </small>
    </div>
  );
}

// Numbers and text differ only in how the draft value becomes the input's text and back.
function InputControl({ def, draft, error, onChange }: ControlProps) {
  const { t } = useTranslation();
  const id = idOf(def);
  const value = getIn(draft, def.path);
  const number = def.kind === 'number';
  const shown = number
    ? typeof value === 'number' && !Number.isNaN(value)
      ? String(value)
      : ''
    : typeof value === 'string'
      ? value
      : '';
  const parse = (raw: string) => (!number ? raw : raw === '' ? Number.NaN : Number(raw));
  return (
    <Field
      id={id}
      label={t(`settings.field.${def.path}.label`)}
      hint={t(`settings.field.${def.path}.hint`)}
      error={error}
    >
      <input
        id={id}
        type={number ? 'number' : 'text'}
        aria-describedby={describedBy(id, true, error)}
        aria-invalid={error ? true : undefined}
        value={shown}
        onChange={(e) => onChange(setIn(draft, def.path, parse(e.target.value)))}
      />
    </Field>
  );
}

const CONTROLS = { bool: CheckControl, number: InputControl, text: InputControl };

function SettingsForm({ state }: { state: ReturnType<typeof useSettingsDraft> & { draft: Settings } }) {
  const { t } = useTranslation();
  const { draft, setDraft, errors, save, saved, clashes, settle } = state;
  const { run, error, busy } = useAction(save);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run();
  };
  const invalid = Object.keys(errors).length > 0;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('settings.label')}>
      <ChangedElsewhere clashes={clashes} settle={settle} />
      {GROUPS.map((g) => (
        <fieldset key={g.id} className="card stack">
          <legend>{t(`settings.group.${g.id}`)}</legend>
          {g.fields.map((f) => {
            const Control = CONTROLS[f.kind];
            return <Control key={f.path} def={f} draft={draft} error={errors[f.path]} onChange={setDraft} />;
          })}
          {g.id === 'recall' && draft.recall.semantic && <SemanticStatusLine saved={saved} />}
        </fieldset>
      ))}
      <div className="row">
        <Button variant="primary" type="submit" busy={busy}>
          {t('settings.save')}
        </Button>
        {saved && !invalid && <span role="status">{saved}</span>}
      </div>
      {invalid && (
        <p role="alert" className="error">
          {t('settings.invalid')}
        </p>
      )}
      <ErrorText what={t('settings.saveFailed')} error={error} tryThis={t('common.reloadAndRetry')} />
    </form>
  );
}

export function SettingsSection() {
  const { t } = useTranslation();
  const state = useSettingsDraft();
  const { draft, dirty, save } = state;
  // Switching sections with unsaved changes asks first (#16: they vanished without a word).
  const guard = useMemo(() => (dirty ? { section: 'settings' as const, save } : null), [dirty, save]);
  useLeaveGuard(guard);
  return (
    <Section id="settings" title={t('options.nav.settings')} intro={t('settings.intro')}>
      <LanguageSetting />
      <SitesSettings />
      {draft ? (
        <SettingsForm state={{ ...state, draft }} />
      ) : (
        <p className="muted">{t('settings.loading')}</p>
      )}
    </Section>
  );
}
