import { sendMessage } from '../../lib/messaging/send';
import type { ChromeModelStatus } from '../../lib/model/chrome-model';
import { Button } from '../shared/ui';
import { useAction } from '../shared/useAction';

/**
 * Why the Prompt API says 'unavailable': it does not say which, so every cause Chrome documents is named
 * (its "Hardware requirements": GPU over 4 GB of VRAM or a CPU with 16 GB of RAM, 22 GB free on the profile's
 * disk, a supported OS; the GenAILocalFoundationalModelSettings policy).
 */
export const UNAVAILABLE_WHY =
  "Chrome's built-in model cannot run on this computer. Chrome turns it off when the computer lacks the hardware it needs (a GPU with more than 4 GB of memory, or 16 GB of RAM and 4 CPU cores), when the disk holding Chrome's profile has less than 22 GB free, when an administrator's policy turns it off, or on a system Chrome does not support for it.";

export const ABSENT_WHY =
  'This browser has no built-in model. Google Chrome 138 or later has one on supported computers; other browsers do not.';

function Languages({ status }: { status: ChromeModelStatus }) {
  const reads = status.languages.filter((l) => l.reads).map((l) => l.name);
  const not = status.languages.filter((l) => !l.reads).map((l) => l.name);
  if (status.languages.length === 0) return null;
  return (
    <p className="muted">
      Of your browser’s languages it reads {reads.length ? reads.join(', ') : 'none'}
      {not.length ? `; not ${not.join(', ')}` : ''}. Chats in a language it does not read go to the provider
      you choose for other languages below, or wait in Activity.
    </p>
  );
}

function Download({ status, onStart }: { status: ChromeModelStatus; onStart: () => void }) {
  const start = useAction(async () => {
    await sendMessage('chromeModelDownload', {});
    onStart();
  });
  const error = status.download?.error ?? start.error;
  return (
    <>
      <p role="status">
        Chrome’s built-in model is not downloaded yet. Chrome downloads it once (about 4 GB) for every site
        and extension that uses it; it keeps downloading if you close this page.
      </p>
      <Button variant="primary" busy={start.busy} onClick={() => void start.run()}>
        {error ? 'Retry the download' : 'Download Chrome’s model'}
      </Button>
      {error && (
        <p role="alert" className="error">
          The download did not finish: {error}
        </p>
      )}
    </>
  );
}

function Progress({ loaded }: { loaded: number }) {
  const percent = Math.round(loaded * 100);
  return (
    <label className="stack">
      <span role="status">
        Downloading Chrome’s built-in model: {percent}%. It goes on if you close this page.
      </span>
      <progress max={1} value={loaded} />
    </label>
  );
}

/** "On this computer (Chrome)": what Chrome's Prompt API says it can do here, in plain words (#35). */
export function ChromeModelPanel({ status, onChange }: { status: ChromeModelStatus; onChange: () => void }) {
  return (
    <section className="card stack" aria-labelledby="chrome-model-title">
      <h2 id="chrome-model-title">On this computer (Chrome)</h2>
      {status.state === 'absent' && <p role="status">{ABSENT_WHY}</p>}
      {status.state === 'unavailable' && <p role="status">{UNAVAILABLE_WHY}</p>}
      {status.state === 'downloadable' && <Download status={status} onStart={onChange} />}
      {status.state === 'downloading' && <Progress loaded={status.download?.loaded ?? 0} />}
      {status.state === 'available' && (
        <p role="status">
          Chrome’s built-in model is ready. Memories are made on this computer: no key, and your chats go
          nowhere.
        </p>
      )}
      {status.state !== 'absent' && status.state !== 'unavailable' && <Languages status={status} />}
    </section>
  );
}
