import { useState } from 'react';
import { onboardedItem } from '../../lib/onboarding';
import { readSettings, writeSettings } from '../../lib/settings';
import { Button, ErrorText } from '../ui';
import { useAction } from '../useAction';
import { optionsUrl } from './Counts';

const PROMISES = [
  'Keeps your conversations and memories in this browser only; there is no Engram server.',
  'Sends conversation text only to the model provider you choose, and nothing without one.',
  'Never collects analytics, and never reads private or Temporary chats.',
  'Shows every memory so you can fix or delete it, and exports everything on request.',
];

function ModelStep({ next }: { next: () => void }) {
  return (
    <div className="stack">
      <h2>1. Choose a model</h2>
      <p>
        Engram needs a model to turn your chats into memories: one running in your browser, or your own API
        key.
      </p>
      <div className="row">
        <a className="button primary" href={optionsUrl('model')} target="_blank" rel="noreferrer">
          Choose a model
        </a>
        <Button onClick={next}>Skip: I’ll add memories by hand</Button>
      </div>
    </div>
  );
}

function SitesStep({
  sites,
  setSites,
}: {
  sites: { chatgpt: boolean; claude: boolean };
  setSites: (s: { chatgpt: boolean; claude: boolean }) => void;
}) {
  return (
    <fieldset className="stack tight">
      <legend>2. Which sites should Engram read?</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={sites.chatgpt}
          onChange={(e) => setSites({ ...sites, chatgpt: e.target.checked })}
        />{' '}
        ChatGPT
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={sites.claude}
          onChange={(e) => setSites({ ...sites, claude: e.target.checked })}
        />{' '}
        Claude
      </label>
    </fieldset>
  );
}

function PromisesStep() {
  return (
    <div className="stack tight">
      <h2>3. What Engram will and won’t do</h2>
      <ul>
        {PROMISES.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}

/** Three steps for a new user; finishing (or skipping) is remembered in the `onboarded` storage item. */
export function FirstRun({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState(0);
  const [sites, setSites] = useState({ chatgpt: true, claude: true });
  const finish = useAction(async (saveSites: boolean) => {
    if (saveSites) {
      const settings = await readSettings();
      await writeSettings({ ...settings, capture: { ...settings.capture, sites } });
    }
    await onboardedItem.setValue(true);
    onDone();
  });
  return (
    <section className="stack" aria-labelledby="first-run-title">
      <h1 id="first-run-title">Welcome to Engram</h1>
      {step === 0 && <ModelStep next={() => setStep(1)} />}
      {step === 1 && <SitesStep sites={sites} setSites={setSites} />}
      {step === 2 && <PromisesStep />}
      <div className="row">
        {step > 0 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
        {step === 1 && (
          <Button variant="primary" onClick={() => setStep(2)}>
            Next
          </Button>
        )}
        {step === 2 && (
          <Button variant="primary" disabled={finish.busy} onClick={() => void finish.run(true)}>
            Finish
          </Button>
        )}
        <Button onClick={() => void finish.run(false)}>Skip setup</Button>
      </div>
      <ErrorText
        what="Could not save your choices"
        error={finish.error}
        tryThis="Try again, or change them later in Settings."
      />
    </section>
  );
}
