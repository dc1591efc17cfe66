import { useLiveQuery } from 'dexie-react-hooks';
import { browser } from 'wxt/browser';
import { countMemories } from '../lib/store/memories';
import { CaptureStatus } from './CaptureStatus';

export function PopupApp() {
  const count = useLiveQuery(() => countMemories('active'), []);
  return (
    <div className="popup stack">
      <strong>Engram</strong>
      <CaptureStatus />
      <p>
        {count === undefined
          ? 'Counting memories…'
          : `${count} ${count === 1 ? 'memory' : 'memories'} on this machine.`}
      </p>
      <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
        Open memories
      </button>
    </div>
  );
}
