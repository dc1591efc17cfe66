import { useEffect, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { sendMessage } from '../lib/messages';
import { originPattern, type ProviderKind, type ProviderStatus } from '../lib/model/provider';
import { WEBLLM_MODELS } from '../lib/providers/gpu';
import { JobList } from './JobList';
import { PromptVersions } from './PromptVersions';
import { ProviderFields } from './ProviderFields';
import { useAction } from './useAction';
import { useGpuStatus, WebLlmPanel } from './WebLlmPanel';

/**
 * Host access for the endpoint is asked for at save time, never granted at install (#4). The request starts
 * inside the click (Chrome needs the user gesture) and is not awaited before saving: the prompt may stay open.
 */
function askAccess(kind: ProviderKind, baseUrl: string): Promise<string> {
  const pattern = originPattern(kind, baseUrl);
  if (!pattern) return Promise.resolve('');
  const refused = ` Engram was not given access to ${pattern}: calls work only if that server allows them.`;
  try {
    return browser.permissions.request({ origins: [pattern] }).then(
      (granted) => (granted ? '' : refused),
      () => refused,
    );
  } catch {
    // Not in a user gesture, or the pattern is not in optional_host_permissions.
    return Promise.resolve(refused);
  }
}

function useProviderForm() {
  const [form, setForm] = useState<ProviderStatus | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [notice, setNotice] = useState('');
  useEffect(() => {
    void sendMessage('getProviderStatus', {}).then(setForm);
  }, []);
  const save = useAction(async () => {
    if (!form) return;
    const access = askAccess(form.kind, form.baseUrl);
    const settings = { kind: form.kind, model: form.model, baseUrl: form.baseUrl };
    await sendMessage('saveProvider', apiKey ? { ...settings, apiKey } : settings);
    setForm({ ...form, hasKey: form.hasKey || apiKey.length > 0 });
    setApiKey('');
    setNotice('Saved.');
    void access.then((note) => note && setNotice(`Saved.${note}`));
  });
  const test = useAction(async () => setNotice((await sendMessage('testProvider', {})).message));
  return { form, setForm, apiKey, setApiKey, notice, save, test };
}

function ProviderForm({ gpuUsable }: { gpuUsable: boolean }) {
  const { form, setForm, apiKey, setApiKey, notice, save, test } = useProviderForm();
  if (!form) return null;
  const submit = (e: FormEvent) => (e.preventDefault(), void save.run());
  const onChange = (next: ProviderStatus) =>
    setForm(
      next.kind === form.kind ? next : { ...next, model: next.kind === 'webllm' ? WEBLLM_MODELS[0].id : '' },
    );
  return (
    <form className="stack card" onSubmit={submit} aria-label="Model provider">
      <ProviderFields
        form={form}
        gpuUsable={gpuUsable}
        apiKey={apiKey}
        onKey={setApiKey}
        onChange={onChange}
      />
      <div className="row">
        <button type="submit" className="primary" disabled={save.busy}>
          Save
        </button>
        <button type="button" disabled={test.busy} onClick={() => void test.run()}>
          {test.busy ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {notice && <p role="status">{notice}</p>}
      {(save.error ?? test.error) && (
        <p role="alert" className="error">
          {save.error ?? test.error}
        </p>
      )}
    </form>
  );
}

/** The "Model" section of the options page (#4). */
export function ModelSettings() {
  const gpu = useGpuStatus();
  return (
    <section className="stack" aria-labelledby="model-title">
      <h1 id="model-title">Model</h1>
      <p className="muted">Engram sends conversation text only to the model provider you choose here.</p>
      <WebLlmPanel gpu={gpu} />
      <ProviderForm gpuUsable={gpu?.usable ?? false} />
      <PromptVersions />
      <JobList />
    </section>
  );
}
