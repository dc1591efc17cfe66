import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { onboardedItem } from '../../lib/onboarding';
import { AddMemoryForm } from '../memories/AddMemoryForm';
import { CaptureStatus } from './CaptureStatus';
import { PopupModelNote } from '../shared/NoModelNote';
import { Counts, optionsUrl } from './Counts';
import { FirstRun } from './FirstRun';
import { SyncLine } from './SyncLine';
import { usePullOnOpen } from '../sync/usePullOnOpen';
import { InsertPreview } from '../preview/InsertPreview';
import { popupRecall } from './recall';
import { siteState, usePopupSite } from './popupSite';
import { Button } from '../shared/ui';

function InsertToggle({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const [inserting, setInserting] = useState(false);
  return (
    <>
      <Button
        variant="primary"
        autoFocus={focus}
        aria-expanded={inserting}
        onClick={() => setInserting(!inserting)}
      >
        {t('page.insert')}
      </Button>
      {inserting && <InsertPreview {...popupRecall} />}
    </>
  );
}

const openOptions = () => void browser.runtime.openOptionsPage();

/**
 * One status line, one main action (Insert memory on a chat tab, Open memories elsewhere), the rest tucked away
 * (#16: eleven controls of equal weight, 643 px tall; test/e2e/manager.e2e.ts measures the height). Right after
 * the first run the main action takes focus: the walkthrough's Finish went away and left it on the body (#16).
 * A main landmark and a heading let a screen reader skip to it (axe's "bypass", test/e2e/a11y.e2e.ts).
 */
function Home({ focus = false }: { focus?: boolean }) {
  const { t } = useTranslation();
  const site = usePopupSite();
  // "Insert memory" only where Engram reads: a chat site, on, and readable (#16 on other tabs it failed with
  // "Could not establish connection"; #24 a site switched off or withheld has no content script listening).
  const chat = siteState(site).kind === 'chat';
  return (
    <main className="popup stack">
      <h1 className="brand">Engram</h1>
      <CaptureStatus site={site} />
      {chat ? (
        <InsertToggle focus={focus} />
      ) : (
        <Button variant="primary" autoFocus={focus} onClick={openOptions}>
          {t('popup.openMemories')}
        </Button>
      )}
      <PopupModelNote modelUrl={optionsUrl('model')} />
      <Counts />
      <SyncLine />
      <details>
        <summary>{t('popup.addByHand')}</summary>
        <AddMemoryForm />
      </details>
      {chat && (
        <Button variant="link" onClick={openOptions}>
          {t('popup.openMemories')}
        </Button>
      )}
    </main>
  );
}

export function PopupApp() {
  usePullOnOpen();
  const [onboarded, setOnboarded] = useState<boolean | null>(null);
  const [justDone, setJustDone] = useState(false);
  useEffect(() => {
    void onboardedItem.getValue().then(setOnboarded);
  }, []);
  // While the flag loads, the usual popup renders, so its count queries start at once (#6: < 100 ms).
  if (onboarded === false)
    return (
      <main className="popup stack">
        <FirstRun onDone={() => (setJustDone(true), setOnboarded(true))} />
      </main>
    );
  return <Home focus={justDone} />;
}
