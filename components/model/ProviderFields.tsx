import { useTranslation } from 'react-i18next';
import { FallbackKind, ProviderKind, type Fallback, type ProviderStatus } from '../../lib/model/provider';
import { WEBLLM_MODELS } from '../../lib/providers/webllm-models';
import { Select } from '../shared/ui';

/** Offered in this order (locales/: model.kind.*). */
const KINDS: ProviderKind[] = ['none', 'chrome', 'webllm', 'openai', 'anthropic'];

const SUGGESTED: Partial<Record<ProviderKind, string[]>> = {
  openai: ['gpt-4o-mini', 'gpt-4.1-mini', 'llama3.2:3b'],
  anthropic: ['claude-haiku-4-5', 'claude-sonnet-4-5'],
};

/** Which local engines can run here: Chrome's model (the Prompt API says so) and WebLLM (a usable GPU). */
export interface Engines {
  chrome: boolean;
  webllm: boolean;
  /** The WebLLM models offered here (their library ships; q4f16 only with shader-f16). */
  webllmModels: { id: string; label: string }[];
}

interface Props {
  form: ProviderStatus;
  engines: Engines;
  apiKey: string;
  onKey: (key: string) => void;
  onChange: (next: ProviderStatus) => void;
}

function ModelField({ form, engines, onChange }: Pick<Props, 'form' | 'engines' | 'onChange'>) {
  const { t } = useTranslation();
  if (form.kind === 'webllm') {
    const saved = WEBLLM_MODELS.find((m) => m.id === form.model);
    const offered = engines.webllmModels.some((m) => m.id === form.model) || !saved ? [] : [saved];
    return (
      <Select
        stacked
        label={t('model.field')}
        value={form.model}
        options={[...engines.webllmModels, ...offered].map((m) => [m.id, m.label] as const)}
        onChange={(model) => onChange({ ...form, model })}
      />
    );
  }
  return (
    <label className="stack">
      <span>{t('model.field')}</span>
      <input
        value={form.model}
        list="model-suggestions"
        required
        onChange={(e) => onChange({ ...form, model: e.target.value.trim() })}
      />
      <datalist id="model-suggestions">
        {(SUGGESTED[form.kind] ?? []).map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
    </label>
  );
}

function Secrets({ form, apiKey, onKey, onChange }: Omit<Props, 'engines'>) {
  const { t } = useTranslation();
  return (
    <>
      {form.kind === 'openai' && (
        <label className="stack">
          <span>{t('model.baseUrl')}</span>
          <input
            // type="text": happy-dom marks http://127.0.0.1:9/v1 invalid (ModelSettings.test.tsx); the background checks it.
            type="text"
            inputMode="url"
            spellCheck={false}
            required
            value={form.baseUrl}
            placeholder="https://api.openai.com/v1"
            onChange={(e) => onChange({ ...form, baseUrl: e.target.value.trim() })}
          />
        </label>
      )}
      {(form.kind === 'openai' || form.kind === 'anthropic') && (
        <label className="stack">
          <span>{t('model.apiKey')}</span>
          <input
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={form.hasKey ? t('model.keySaved') : t('model.keyNotSet')}
            onChange={(e) => onKey(e.target.value)}
          />
        </label>
      )}
    </>
  );
}

/** The fallback edited with the same fields as a provider: its key is the one key Engram keeps. */
const asForm = (f: Fallback, hasKey: boolean): ProviderStatus => ({ ...f, hasKey });

/** Chrome's model: which provider reads the chats it does not (another language, #35). */
function FallbackFields({ form, engines, apiKey, onKey, onChange }: Props) {
  const { t } = useTranslation();
  const fallback = form.fallback ?? { kind: 'none', model: '', baseUrl: '' };
  const kinds = FallbackKind.options.filter(
    (k) => k !== 'webllm' || engines.webllm || fallback.kind === 'webllm',
  );
  const set = (next: ProviderStatus) =>
    onChange({
      ...form,
      fallback: { kind: FallbackKind.parse(next.kind), model: next.model, baseUrl: next.baseUrl },
    });
  const pick = (kind: string) =>
    set({
      ...asForm(fallback, form.hasKey),
      kind: FallbackKind.parse(kind),
      model: kind === 'webllm' ? (engines.webllmModels[0]?.id ?? '') : '',
    });
  return (
    <fieldset className="stack">
      <legend>{t('model.fallback.legend')}</legend>
      <Select
        stacked
        label={t('model.fallback.sendTo')}
        value={fallback.kind}
        options={kinds.map(
          (k) => [k, k === 'none' ? t('model.fallback.none') : t(`model.kind.${k}`)] as const,
        )}
        onChange={pick}
      />
      {fallback.kind !== 'none' && (
        <ModelField form={asForm(fallback, form.hasKey)} engines={engines} onChange={set} />
      )}
      <Secrets form={asForm(fallback, form.hasKey)} apiKey={apiKey} onKey={onKey} onChange={set} />
    </fieldset>
  );
}

export function ProviderFields(props: Props) {
  const { t } = useTranslation();
  const { form, engines, onChange } = props;
  const shown = (k: ProviderKind) =>
    k === form.kind || (k === 'chrome' ? engines.chrome : k === 'webllm' ? engines.webllm : true);
  return (
    <>
      <Select
        stacked
        label={t('model.providerField')}
        value={form.kind}
        options={KINDS.filter(shown).map((k) => [k, t(`model.kind.${k}`)] as const)}
        onChange={(kind) => onChange({ ...form, kind: ProviderKind.parse(kind) })}
      />
      {form.kind === 'chrome' && <FallbackFields {...props} />}
      {form.kind !== 'none' && form.kind !== 'chrome' && (
        <ModelField form={form} engines={engines} onChange={onChange} />
      )}
      {form.kind !== 'chrome' && <Secrets {...props} />}
    </>
  );
}
