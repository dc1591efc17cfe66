import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendMessage } from '../../lib/messaging/send';
import { onboardedItem } from '../../lib/onboarding';
import { Site } from '../../lib/model/site';
import { readSettings, writeSettings } from '../../lib/settings';
import { SITE_LABELS } from '../../lib/sites/registry';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { ModelStep, NONE_CHOSEN, type Chosen } from './ModelStep';

/**
 * #13: past-chat recall needs no model; when it is on, one line says what it does, shown on every step. It is off
 * by default until the past-turn index survives a large history (bench:past at 200 conversations: 410 s to index,
 * 912 MB of worker heap), so the line is shown only when the setting is on: it must be true of the code.
 */
const PROMISES = ['local', 'provider', 'analytics', 'control'] as const;

/** Whether "Include past turns" is on; false until settings are read. */
function usePastTurns(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    void readSettings().then(
      (s) => setOn(s.recall.rawTurns),
      () => setOn(false),
    );
  }, []);
  return on;
}

/** The saved model, kind 'none' when none is chosen: a saved model moves the walkthrough on (#16). */
function useSavedModel() {
  const [model, setModel] = useState<Chosen | null>(null);
  useEffect(() => {
    void sendMessage('getProviderStatus', {}).then(
      (s) => setModel(s.kind === 'chrome' || (s.kind !== 'none' && s.model) ? s : NONE_CHOSEN),
      () => setModel(NONE_CHOSEN),
    );
  }, []);
  return [model, setModel] as const;
}

type Choice = Record<string, boolean>;

/** Every site of the registry (#24), each on unless unticked; Settings → Sites changes it later. */
function SitesStep({ sites, setSites }: { sites: Choice; setSites: (s: Choice) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="stack tight">
      <legend>{t('firstRun.sites')}</legend>
      {Site.options.map((site) => (
        <label key={site} className="inline">
          <input
            type="checkbox"
            checked={sites[site] !== false}
            onChange={(e) => setSites({ ...sites, [site]: e.target.checked })}
          />{' '}
          {SITE_LABELS[site]}
        </label>
      ))}
    </fieldset>
  );
}

function PromisesStep() {
  const { t } = useTranslation();
  return (
    <div className="stack tight">
      <h2>{t('firstRun.promises')}</h2>
      <ul>
        {PROMISES.map((p) => (
          <li key={p}>{t(`firstRun.promise.${p}`)}</li>
        ))}
      </ul>
    </div>
  );
}

const STEPS = 3;

function StepButtons({
  step,
  setStep,
  finish,
}: {
  step: number;
  setStep: (n: number) => void;
  finish: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="row">
      {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('firstRun.back')}</Button>}
      {step < STEPS - 1 ? (
        <Button variant="primary" onClick={() => setStep(step + 1)}>
          {t('firstRun.next')}
        </Button>
      ) : (
        <Button variant="primary" onClick={finish}>
          {t('firstRun.finish')}
        </Button>
      )}
    </div>
  );
}

/**
 * Three steps for a new user, counted on screen; finishing (or skipping) is remembered in the `onboarded` storage
 * item. Reopened after a model was saved, it starts past the model step (#16: it looped back to it).
 */
export function FirstRun({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [model, setModel] = useSavedModel();
  const pastTurns = usePastTurns();
  const [chosen, setStep] = useState<number | null>(null);
  const [sites, setSites] = useState<Choice>({});
  const finish = useAction(async (saveSites: boolean) => {
    if (saveSites) {
      const settings = await readSettings();
      const chosen = { ...settings.capture.sites, ...sites };
      await writeSettings({ ...settings, capture: { ...settings.capture, sites: chosen } });
    }
    await onboardedItem.setValue(true);
    onDone();
  });
  if (model === null) return <p className="muted">{t('common.loading')}</p>;
  const step = chosen ?? (model.kind !== 'none' ? 1 : 0);
  return (
    <section className="stack" aria-labelledby="first-run-title">
      <h1 id="first-run-title">{t('firstRun.welcome')}</h1>
      {pastTurns && <p>{t('firstRun.pastChats')}</p>}
      <p className="muted">{t('firstRun.step', { step: step + 1, steps: STEPS })}</p>
      {step === 0 && <ModelStep model={model} onChosen={(m) => (setModel(m), setStep(0))} />}
      {step === 1 && <SitesStep sites={sites} setSites={setSites} />}
      {step === 2 && <PromisesStep />}
      <StepButtons step={step} setStep={setStep} finish={() => void finish.run(true)} />
      <Button variant="link" onClick={() => void finish.run(false)}>
        {t('firstRun.skip')}
      </Button>
      <ErrorText what={t('firstRun.saveFailed')} error={finish.error} tryThis={t('firstRun.saveFailedTry')} />
    </section>
  );
}
