import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { onboardedItem } from '../lib/onboarding';
import { AddMemoryForm } from './AddMemoryForm';
import { CaptureStatus } from './CaptureStatus';
import { Counts } from './popup/Counts';
import { FirstRun } from './popup/FirstRun';
import { SyncLine } from './popup/SyncLine';
import { InsertPreview } from './InsertPreview';
import { popupRecall } from './popup/recall';
import { Button } from './ui';

function InsertToggle() {
  const [inserting, setInserting] = useState(false);
  return (
    <>
      <Button aria-expanded={inserting} onClick={() => setInserting(!inserting)}>
        Insert memory
      </Button>
      {inserting && <InsertPreview {...popupRecall} />}
    </>
  );
}

export function PopupApp() {
  const [onboarded, setOnboarded] = useState<boolean | null>(null);
  useEffect(() => {
    void onboardedItem.getValue().then(setOnboarded);
  }, []);
  // While the flag loads, the usual popup renders, so its count queries start at once (#6: < 100 ms).
  if (onboarded === false)
    return (
      <div className="popup stack">
        <FirstRun onDone={() => setOnboarded(true)} />
      </div>
    );
  return (
    <div className="popup stack">
      <strong className="brand">Engram</strong>
      <CaptureStatus />
      <InsertToggle />
      <Counts />
      <SyncLine />
      <AddMemoryForm />
      <Button onClick={() => void browser.runtime.openOptionsPage()}>Open memories</Button>
    </div>
  );
}
