import type { TFunction } from 'i18next';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { sendMessage } from '../../lib/messaging/send';
import { originPattern, remoteOf, type ProviderStatus } from '../../lib/model/provider';
import { CHROME_MODEL } from '../../lib/providers/chrome';
import type { GpuStatus } from '../../lib/providers/gpu';
import { offeredModels } from '../../lib/providers/webllm-models';
import { useChromeModel } from '../shared/useChromeModel';
import { ChromeModelPanel } from './ChromeModelPanel';
import { JobList } from './JobList';
import { PromptVersions } from './PromptVersions';
import { endpointHint, formProblem, sameOrigin, testWords } from './providerForm';
import { ProviderFields, type Engines } from './ProviderFields';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { useGpuStatus, WebLlmPanel } from './WebLlmPanel';

/**
 * Host access for the endpoint is asked for at save time, never granted at install (#4). The request starts
 * inside the click (Chrome needs the user gesture) and is not awaited before saving: the prompt may stay open.
 */
function askAccess(t: TFunction, form: ProviderStatus): Promise<string> {
  const remote = remoteOf(form);
  const pattern = originPattern(remote.kind, remote.baseUrl);
  if (!pattern) return Promise.resolve('');
  const refused = t('model.noAccess', { pattern });
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
  const { t, i18n } = useTranslation();
  const [form, setFormState] = useState<ProviderStatus | null>(null);
  const [saved, setSaved] = useState<ProviderStatus | null>(null);
  const [apiKey, setKeyState] = useState('');
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void sendMessage('getProviderStatus', {}).then((s) => (setFormState(s), setSaved(s)));
  }, []);
  // Any edit makes an earlier "Saved." or test result stale (#16).
  const setForm = (next: ProviderStatus) => (setFormState(next), setNotice(''), setProblem(null));
  const setApiKey = (key: string) => (setKeyState(key), setNotice(''), setProblem(null));
  const check = (f: ProviderStatus) => {
    const why = formProblem(t, f, apiKey, !!saved?.hasKey && sameOrigin(f, saved));
    setNotice('');
    setProblem(why);
    return why === null;
  };
  const save = useAction(async () => {
    if (!form || !check(form)) return;
    const access = askAccess(t, form);
    const settings = { kind: form.kind, model: form.model, baseUrl: form.baseUrl, fallback: form.fallback };
    await sendMessage('saveProvider', apiKey ? { ...settings, apiKey } : settings);
    const next = { ...form, hasKey: apiKey.length > 0 || (!!saved?.hasKey && sameOrigin(form, saved)) };
    setFormState(next);
    setSaved(next);
    setKeyState('');
    setNotice(t('model.saved'));
    // Two sentences, each whole in the catalogue: "Saved." then why calls may not work.
    void access.then((note) => note && setNotice(`${t('model.saved')} ${note}`));
  });
  const test = useAction(async () => {
    if (!form) return;
    setNotice('');
    const shown = { kind: form.kind, model: form.model, baseUrl: form.baseUrl, fallback: form.fallback };
    const reply = await sendMessage('testProvider', { form: apiKey ? { ...shown, apiKey } : shown });
    setNotice(testWords(t, i18n.language, reply));
  });
  return { form, setForm, apiKey, setApiKey, notice, problem, save, test };
}

function Notices({ notice, problem, hint }: { notice: string; problem: string | null; hint: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {hint && !problem && <p className="muted">{hint}</p>}
      {notice && <p role="status">{notice}</p>}
      {problem && (
        <p role="alert" className="error">
          {t('model.notSaved', { problem })}
        </p>
      )}
    </>
  );
}

/** A provider newly picked starts with its defaults: Chrome's one model and no fallback, WebLLM's first model. */
function switched(next: ProviderStatus, engines: Engines): ProviderStatus {
  if (next.kind === 'chrome')
    return { ...next, model: CHROME_MODEL, baseUrl: '', fallback: { kind: 'none', model: '', baseUrl: '' } };
  const model = next.kind === 'webllm' ? (engines.webllmModels[0]?.id ?? '') : '';
  return { ...next, model, fallback: undefined };
}

function ProviderForm({ engines }: { engines: Engines }) {
  const { t } = useTranslation();
  const { form, setForm, apiKey, setApiKey, notice, problem, save, test } = useProviderForm();
  if (!form) return null;
  const submit = (e: FormEvent) => (e.preventDefault(), void save.run());
  const onChange = (next: ProviderStatus) =>
    setForm(next.kind === form.kind ? next : switched(next, engines));
  return (
    <form className="stack card" onSubmit={submit} noValidate aria-label={t('model.provider')}>
      <ProviderFields form={form} engines={engines} apiKey={apiKey} onKey={setApiKey} onChange={onChange} />
      <div className="row">
        <Button variant="primary" type="submit" busy={save.busy}>
          {t('common.save')}
        </Button>
        <Button busy={test.busy} onClick={() => void test.run()}>
          {test.busy ? t('model.testing') : t('model.test')}
        </Button>
      </div>
      <Notices
        notice={notice}
        problem={problem}
        hint={endpointHint(t, { ...remoteOf(form), hasKey: form.hasKey })}
      />
      <ErrorText what={t('model.failed')} error={save.error ?? test.error} tryThis={t('model.failedTry')} />
    </form>
  );
}

function enginesOf(gpu: GpuStatus | null, chrome: boolean): Engines {
  const models = gpu?.usable ? offeredModels(gpu.f16) : [];
  return {
    chrome,
    webllm: models.length > 0,
    webllmModels: models.map((m) => ({ id: m.id, label: m.label })),
  };
}

/** The "Model" section of the options page (#4, #35). */
export function ModelSettings() {
  const { t } = useTranslation();
  const gpu = useGpuStatus();
  const chrome = useChromeModel();
  const state = chrome.status?.state;
  const engines = enginesOf(
    gpu,
    state === 'available' || state === 'downloadable' || state === 'downloading',
  );
  return (
    <section className="stack" aria-labelledby="model-title">
      <h1 id="model-title">{t('options.nav.model')}</h1>
      <p className="muted">{t('model.intro')}</p>
      {import.meta.env.FIREFOX ? (
        // Firefox's package has no local model (#35): said plainly, with what works instead.
        <p role="note" className="card">
          {t('model.firefox')}
        </p>
      ) : (
        <>
          {chrome.status && <ChromeModelPanel status={chrome.status} onChange={chrome.refresh} />}
          <WebLlmPanel gpu={gpu} />
        </>
      )}
      {(import.meta.env.FIREFOX || (chrome.status && gpu)) && <ProviderForm engines={engines} />}
      <PromptVersions />
      <JobList />
    </section>
  );
}
