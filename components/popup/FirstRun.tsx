import { useEffect, useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import { onboardedItem } from '../../lib/onboarding';
import { Site } from '../../lib/model/site';
import { readSettings, writeSettings } from '../../lib/settings';
import { SITE_LABELS } from '../../lib/sites/registry';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { CHROME_NAME, ModelStep } from './ModelStep';

/**
 * #13: past-chat recall needs no model; when it is on, one line says what it does, shown on every step. It is off
 * by default until the past-turn index survives a large history (bench:past at 200 conversations: 410 s to index,
 * 912 MB of worker heap), so the line is shown only when the setting is on: it must be true of the code.
 */
export const PAST_CHATS_LINE =
  '“Insert memory” quotes the parts of your past chats that match what you write; that search runs in this browser and sends nothing anywhere.';

const PROMISES = [
  'Keeps your conversations and memories in this browser only; there is no Engram server.',
  'Sends conversation text only to the model provider you choose, and nothing without one.',
  'Never collects analytics, and never reads private or Temporary chats.',
  'Shows every memory so you can fix or delete it, and exports everything on request.',
];

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

/** The saved model's name, '' when none is chosen: a saved model moves the walkthrough on (#16). */
function useSavedModel() {
  const [model, setModel] = useState<string | null>(null);
  useEffect(() => {
    void sendMessage('getProviderStatus', {}).then(
      (s) => setModel(s.kind === 'chrome' ? CHROME_NAME : s.kind !== 'none' && s.model ? s.model : ''),
      () => setModel(''),
    );
  }, []);
  return [model, setModel] as const;
}

type Choice = Record<string, boolean>;

/** Every site of the registry (#24), each on unless unticked; Settings → Sites changes it later. */
function SitesStep({ sites, setSites }: { sites: Choice; setSites: (s: Choice) => void }) {
  return (
    <fieldset className="stack tight">
      <legend>Which sites should Engram read?</legend>
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
  return (
    <div className="stack tight">
      <h2>What Engram will and won’t do</h2>
      <ul>
        {PROMISES.map((p) => (
          <li key={p}>{p}</li>
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
  return (
    <div className="row">
      {step > 0 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
      {step < STEPS - 1 ? (
        <Button variant="primary" onClick={() => setStep(step + 1)}>
          Next
        </Button>
      ) : (
        <Button variant="primary" onClick={finish}>
          Finish
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
  if (model === null) return <p className="muted">Loading…</p>;
  const step = chosen ?? (model ? 1 : 0);
  return (
    <section className="stack" aria-labelledby="first-run-title">
      <h1 id="first-run-title">Welcome to Engram</h1>
      {pastTurns && <p>{PAST_CHATS_LINE}</p>}
      <p className="muted">
        Step {step + 1} of {STEPS}
      </p>
      {step === 0 && <ModelStep model={model} onChosen={(m) => (setModel(m), setStep(0))} />}
      {step === 1 && <SitesStep sites={sites} setSites={setSites} />}
      {step === 2 && <PromisesStep />}
      <StepButtons step={step} setStep={setStep} finish={() => void finish.run(true)} />
      <Button variant="link" onClick={() => void finish.run(false)}>
        Skip setup
      </Button>
      <ErrorText
        what="Could not save your choices"
        error={finish.error}
        tryThis="Try again, or change them later in Settings."
      />
    </section>
  );
}
