import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { exportFileName, readExport } from '../../lib/store/export';
import { DeleteEverything, MarkdownExport, StorageUsed } from './DataTools';
import { downloadText } from './download';
import { ImportData } from './ImportData';
import { PastIndexStatus } from './PastIndexStatus';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

/** Export, import and the storage figure: remounted after Delete everything, so none of them tells of the old data. */
function Tools() {
  const { t } = useTranslation();
  const { run, error, busy } = useAction(async () => {
    const data = await readExport();
    downloadText(exportFileName(), JSON.stringify(data, null, 2));
  });
  return (
    <>
      <div className="row">
        <Button variant="primary" busy={busy} onClick={() => void run()}>
          {t('data.export')}
        </Button>
        <MarkdownExport />
      </div>
      <ErrorText what={t('data.exportFailed')} error={error} tryThis={t('common.tryAgain')} />
      <ImportData />
      <PastIndexStatus />
      <StorageUsed />
    </>
  );
}

export function DataSection() {
  const { t } = useTranslation();
  // #16: "Import failed" and the storage figure outlived Delete everything; a new round starts them afresh.
  const [round, setRound] = useState(0);
  return (
    <section className="stack" aria-labelledby="data-title">
      <h1 id="data-title">{t('options.nav.data')}</h1>
      <p className="muted">{t('data.intro')}</p>
      <Tools key={round} />
      <DeleteEverything onDeleted={() => setRound((n) => n + 1)} />
    </section>
  );
}
