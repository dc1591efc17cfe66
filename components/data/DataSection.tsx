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
  const { run, error, busy } = useAction(async () => {
    const data = await readExport();
    downloadText(exportFileName(), JSON.stringify(data, null, 2));
  });
  return (
    <>
      <div className="row">
        <Button variant="primary" busy={busy} onClick={() => void run()}>
          Export all data
        </Button>
        <MarkdownExport />
      </div>
      <ErrorText what="Export failed" error={error} tryThis="Try again." />
      <ImportData />
      <PastIndexStatus />
      <StorageUsed />
    </>
  );
}

export function DataSection() {
  // #16: "Import failed" and the storage figure outlived Delete everything; a new round starts them afresh.
  const [round, setRound] = useState(0);
  return (
    <section className="stack" aria-labelledby="data-title">
      <h1 id="data-title">Data</h1>
      <p className="muted">
        Everything Engram keeps stays in this browser. Export it any time as one JSON file.
      </p>
      <Tools key={round} />
      <DeleteEverything onDeleted={() => setRound((n) => n + 1)} />
    </section>
  );
}
