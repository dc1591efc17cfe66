import { ProviderKind, type ProviderStatus } from '../../lib/model/provider';
import { WEBLLM_MODELS } from '../../lib/providers/webllm-models';
import { Select } from '../shared/ui';

const KINDS: { kind: ProviderKind; label: string }[] = [
  { kind: 'none', label: 'None yet' },
  { kind: 'webllm', label: 'On this device (WebLLM)' },
  { kind: 'openai', label: 'OpenAI-compatible (OpenAI, OpenRouter, Groq, Ollama, LM Studio…)' },
  { kind: 'anthropic', label: 'Anthropic' },
];

const SUGGESTED: Partial<Record<ProviderKind, string[]>> = {
  openai: ['gpt-4o-mini', 'gpt-4.1-mini', 'llama3.2:3b'],
  anthropic: ['claude-haiku-4-5', 'claude-sonnet-4-5'],
};

interface Props {
  form: ProviderStatus;
  gpuUsable: boolean;
  apiKey: string;
  onKey: (key: string) => void;
  onChange: (next: ProviderStatus) => void;
}

function ModelField({ form, onChange }: Pick<Props, 'form' | 'onChange'>) {
  if (form.kind === 'webllm')
    return (
      <Select
        stacked
        label="Model"
        value={form.model}
        options={WEBLLM_MODELS.map((m) => [m.id, m.label] as const)}
        onChange={(model) => onChange({ ...form, model })}
      />
    );
  return (
    <label className="stack">
      <span>Model</span>
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

function Secrets({ form, apiKey, onKey, onChange }: Omit<Props, 'gpuUsable'>) {
  return (
    <>
      {form.kind === 'openai' && (
        <label className="stack">
          <span>Base URL</span>
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
          <span>API key</span>
          <input
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={form.hasKey ? 'Saved. Type a new key to replace it.' : 'Not set'}
            onChange={(e) => onKey(e.target.value)}
          />
        </label>
      )}
    </>
  );
}

export function ProviderFields({ form, gpuUsable, apiKey, onKey, onChange }: Props) {
  const kinds = KINDS.filter((k) => k.kind !== 'webllm' || gpuUsable || form.kind === 'webllm');
  return (
    <>
      <Select
        stacked
        label="Provider"
        value={form.kind}
        options={kinds.map((k) => [k.kind, k.label] as const)}
        onChange={(kind) => onChange({ ...form, kind: ProviderKind.parse(kind) })}
      />
      {form.kind !== 'none' && <ModelField form={form} onChange={onChange} />}
      <Secrets form={form} apiKey={apiKey} onKey={onKey} onChange={onChange} />
    </>
  );
}
