import { useTranslation } from 'react-i18next';
import { sendMessage } from '../../lib/messaging/send';
import type { ChromeModelStatus } from '../../lib/model/chrome-model';
import { CHROME_MODEL_BYTES } from '../../lib/providers/chrome';
import { languageName } from '../../lib/providers/chrome-api';
import { andList } from '../shared/labels';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

function Languages({ status }: { status: ChromeModelStatus }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const names = (reads: boolean) =>
    andList(
      status.languages.filter((l) => l.reads === reads).map((l) => languageName(l.tag, lng)),
      lng,
    );
  if (status.languages.length === 0) return null;
  const reads = names(true);
  const not = names(false);
  const line = !reads
    ? t('chromeModel.readsNone', { not })
    : not
      ? t('chromeModel.readsSome', { reads, not })
      : t('chromeModel.readsAll', { reads });
  return <p className="muted">{line}</p>;
}

function Download({ status, onStart }: { status: ChromeModelStatus; onStart: () => void }) {
  const { t } = useTranslation();
  const start = useAction(async () => {
    await sendMessage('chromeModelDownload', {});
    onStart();
  });
  // Chrome's words, quoted inside this page's sentence; the background's refusal, said (#37).
  const failed = status.download?.error;
  return (
    <>
      <p role="status">{t('chromeModel.notDownloaded', { size: CHROME_MODEL_BYTES })}</p>
      <Button variant="primary" busy={start.busy} onClick={() => void start.run()}>
        {failed || start.error ? t('chromeModel.retry') : t('chromeModel.download')}
      </Button>
      {failed && (
        <p role="alert" className="error">
          {t('chromeModel.failed', { reason: failed })}
        </p>
      )}
      <ErrorText what={t('chromeModel.startFailed')} error={failed ? null : start.error} />
    </>
  );
}

function Progress({ loaded }: { loaded: number }) {
  const { t } = useTranslation();
  return (
    <label className="stack">
      <span role="status">{t('chromeModel.downloading', { share: loaded })}</span>
      <progress max={1} value={loaded} />
    </label>
  );
}

/** "On this computer (Chrome)": what Chrome's Prompt API says it can do here, in plain words (#35). */
export function ChromeModelPanel({ status, onChange }: { status: ChromeModelStatus; onChange: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card stack" aria-labelledby="chrome-model-title">
      <h2 id="chrome-model-title">{t('model.kind.chrome')}</h2>
      {/* 'unavailable': the Prompt API does not say why, so every cause Chrome documents is named (its
          "Hardware requirements": more than 4 GB of VRAM or 16 GB of RAM, 22 GB free, a supported OS, and the
          GenAILocalFoundationalModelSettings policy). */}
      {status.state === 'absent' && <p role="status">{t('chromeModel.absent')}</p>}
      {status.state === 'unavailable' && <p role="status">{t('chromeModel.unavailable')}</p>}
      {status.state === 'downloadable' && <Download status={status} onStart={onChange} />}
      {status.state === 'downloading' && <Progress loaded={status.download?.loaded ?? 0} />}
      {status.state === 'available' && <p role="status">{t('chromeModel.ready')}</p>}
      {status.state !== 'absent' && status.state !== 'unavailable' && <Languages status={status} />}
    </section>
  );
}
