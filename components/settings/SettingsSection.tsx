import { useMemo, type FormEvent } from 'react';
import { useLeaveGuard } from '../shared/leaveGuard';
import type { Settings } from '../../lib/model/settings';
import { Button, describedBy, ErrorText, Field, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { getIn, GROUPS, setIn, type FieldDef } from './fields';
import { ChangedElsewhere, fieldId } from './ChangedElsewhere';
import { SemanticStatusLine } from './SemanticStatusLine';
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
      <label htmlFor={id}>{def.label}</label>
      <small id={`${id}-hint`} className="muted">
        {def.hint}
      </small>
    </div>
  );
}

// Numbers and text differ only in how the draft value becomes the input's text and back.
function InputControl({ def, draft, error, onChange }: ControlProps) {
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
    <Field id={id} label={def.label} hint={def.hint} error={error}>
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
  const { draft, setDraft, errors, save, saved, clashes, settle } = state;
  const { run, error, busy } = useAction(save);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run();
  };
  const invalid = Object.keys(errors).length > 0;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Settings">
      <ChangedElsewhere clashes={clashes} settle={settle} />
      {GROUPS.map((g) => (
        <fieldset key={g.title} className="card stack">
          <legend>{g.title}</legend>
          {g.fields.map((f) => {
            const Control = CONTROLS[f.kind];
            return <Control key={f.path} def={f} draft={draft} error={errors[f.path]} onChange={setDraft} />;
          })}
          {g.title === 'Recall' && draft.recall.semantic && <SemanticStatusLine saved={saved} />}
        </fieldset>
      ))}
      <div className="row">
        <Button variant="primary" type="submit" busy={busy}>
          Save settings
        </Button>
        {saved && !invalid && <span role="status">{saved}</span>}
      </div>
      {invalid && (
        <p role="alert" className="error">
          Not saved: fix the fields marked above, then save again.
        </p>
      )}
      <ErrorText what="Could not save settings" error={error} tryThis="Reload the page and try again." />
    </form>
  );
}

export function SettingsSection() {
  const state = useSettingsDraft();
  const { draft, dirty, save } = state;
  // Switching sections with unsaved changes asks first (#16: they vanished without a word).
  const guard = useMemo(() => (dirty ? { section: 'settings' as const, save } : null), [dirty, save]);
  useLeaveGuard(guard);
  return (
    <Section
      id="settings"
      title="Settings"
      intro="How Engram recalls, captures and protects. Sites apply at once; the other settings when you save."
    >
      <SitesSettings />
      {draft ? <SettingsForm state={{ ...state, draft }} /> : <p className="muted">Loading settings…</p>}
    </Section>
  );
}
