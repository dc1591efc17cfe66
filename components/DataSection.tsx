import { exportFileName, readExport } from '../lib/store/export';
import { DeleteEverything, MarkdownExport, StorageUsed } from './DataTools';
import { downloadText } from './download';
import { ImportData } from './ImportData';
import { useAction } from './useAction';

export function DataSection() {
  const { run, error, busy } = useAction(async () => {
    const data = await readExport();
    downloadText(exportFileName(), JSON.stringify(data, null, 2));
  });
  return (
    <section className="stack" aria-labelledby="data-title">
      <h1 id="data-title">Data</h1>
      <p className="muted">
        Everything Engram keeps stays in this browser. Export it any time as one JSON file.
      </p>
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={() => void run()}>
          Export all data
        </button>
        <MarkdownExport />
      </div>
      {error && (
        <p role="alert" className="error">
          Export failed: {error}
        </p>
      )}
      <ImportData />
      <StorageUsed />
      <DeleteEverything />
    </section>
  );
}
