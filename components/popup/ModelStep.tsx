import { useTranslation } from 'react-i18next';
import { sendMessage } from '../../lib/messaging/send';
import type { ChromeModelStatus } from '../../lib/model/chrome-model';
import type { ProviderKind } from '../../lib/model/provider';
import { CHROME_MODEL, CHROME_MODEL_BYTES } from '../../lib/providers/chrome';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { useChromeModel } from '../shared/useChromeModel';
import { optionsUrl } from './Counts';

/** The model the walkthrough knows of: kind 'none' until one is saved (Chrome's is named in words, #37). */
export interface Chosen {
  kind: ProviderKind;
  model: string;
}

export const NONE_CHOSEN: Chosen = { kind: 'none', model: '' };

const offered = (s: ChromeModelStatus | null) =>
  s?.state === 'available' || s?.state === 'downloadable' || s?.state === 'downloading';

/** Chrome's model first when it can run here (#35): one click chooses it and, if needed, starts its download. */
function OnThisComputer({
  status,
  onChosen,
}: {
  status: ChromeModelStatus;
  onChosen: (model: Chosen) => void;
}) {
  const { t } = useTranslation();
  const choose = useAction(async () => {
    const fallback = { kind: 'none' as const, model: '', baseUrl: '' };
    await sendMessage('saveProvider', { kind: 'chrome', model: CHROME_MODEL, baseUrl: '', fallback });
    if (status.state === 'downloadable') await sendMessage('chromeModelDownload', {});
    onChosen({ kind: 'chrome', model: CHROME_MODEL });
  });
  return (
    <div className="stack tight">
      <Button variant="primary" busy={choose.busy} onClick={() => void choose.run()}>
        {t('firstRun.chromeChoose')}
      </Button>
      <p className="muted">
        {status.state === 'available'
          ? t('firstRun.chromeReady')
          : t('firstRun.chromeDownload', { size: CHROME_MODEL_BYTES })}
      </p>
      <ErrorText
        what={t('firstRun.chromeFailed')}
        error={choose.error}
        tryThis={t('firstRun.chromeFailedTry')}
      />
    </div>
  );
}

export function ModelStep({ model, onChosen }: { model: Chosen; onChosen: (model: Chosen) => void }) {
  const { t } = useTranslation();
  const { status } = useChromeModel();
  if (model.kind !== 'none')
    return (
      <div className="stack">
        <h2>{t('firstRun.model')}</h2>
        <p>
          {model.kind === 'chrome'
            ? t('firstRun.chromeChosen')
            : t('firstRun.modelChosen', { model: model.model })}
        </p>
      </div>
    );
  return (
    <div className="stack">
      <h2>{t('firstRun.chooseModel')}</h2>
      <p>{t('firstRun.needsModel')}</p>
      {/* Firefox's package has no local model (#35): said plainly, with what works instead. */}
      {import.meta.env.FIREFOX && <p role="note">{t('firstRun.firefox')}</p>}
      {offered(status) && status && <OnThisComputer status={status} onChosen={onChosen} />}
      <a
        className={offered(status) ? 'button' : 'button primary'}
        href={optionsUrl('model')}
        target="_blank"
        rel="noreferrer"
      >
        {offered(status) ? t('firstRun.chooseAnother') : t('firstRun.chooseModel')}
      </a>
    </div>
  );
}
