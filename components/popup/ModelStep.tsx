import { sendMessage } from '../../lib/messaging/send';
import type { ChromeModelStatus } from '../../lib/model/chrome-model';
import { CHROME_MODEL } from '../../lib/providers/chrome';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { useChromeModel } from '../shared/useChromeModel';
import { optionsUrl } from './Counts';

/** The first run's own words for Firefox's package (#35): no local model, and what works instead. */
export const FIREFOX_MODEL_LINE =
  'Engram for Firefox has no model that runs inside the browser. Use your own API key, or a model server on this computer (Ollama, LM Studio).';

export const CHROME_NAME = "Chrome's built-in model";

const offered = (s: ChromeModelStatus | null) =>
  s?.state === 'available' || s?.state === 'downloadable' || s?.state === 'downloading';

/** Chrome's model first when it can run here (#35): one click chooses it and, if needed, starts its download. */
function OnThisComputer({
  status,
  onChosen,
}: {
  status: ChromeModelStatus;
  onChosen: (model: string) => void;
}) {
  const choose = useAction(async () => {
    const fallback = { kind: 'none' as const, model: '', baseUrl: '' };
    await sendMessage('saveProvider', { kind: 'chrome', model: CHROME_MODEL, baseUrl: '', fallback });
    if (status.state === 'downloadable') await sendMessage('chromeModelDownload', {});
    onChosen(CHROME_NAME);
  });
  return (
    <div className="stack tight">
      <Button variant="primary" busy={choose.busy} onClick={() => void choose.run()}>
        Memories made on this computer, no key
      </Button>
      <p className="muted">
        Uses Chrome’s built-in model
        {status.state === 'available'
          ? ', already on this computer.'
          : ' (Chrome downloads it once, about 4 GB).'}
      </p>
      <ErrorText
        what="Could not choose it"
        error={choose.error}
        tryThis="Try again, or choose in Settings."
      />
    </div>
  );
}

export function ModelStep({ model, onChosen }: { model: string; onChosen: (model: string) => void }) {
  const { status } = useChromeModel();
  if (model)
    return (
      <div className="stack">
        <h2>Model</h2>
        <p>Engram will use {model} to turn your chats into memories. You can change it in Settings.</p>
      </div>
    );
  return (
    <div className="stack">
      <h2>Choose a model</h2>
      <p>
        Engram needs a model to turn your chats into memories: one running on this computer, or your own API
        key. Without one, you can still add memories by hand.
      </p>
      {import.meta.env.FIREFOX && <p role="note">{FIREFOX_MODEL_LINE}</p>}
      {offered(status) && status && <OnThisComputer status={status} onChosen={onChosen} />}
      <a
        className={offered(status) ? 'button' : 'button primary'}
        href={optionsUrl('model')}
        target="_blank"
        rel="noreferrer"
      >
        {offered(status) ? 'Choose another model' : 'Choose a model'}
      </a>
    </div>
  );
}
