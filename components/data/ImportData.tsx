import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SITE_LABELS } from '../../lib/sites/registry';
import { ErrorText } from '../shared/ui';
import { useState } from 'react';
import { EXPORT_SITES, planImport } from '../../lib/import/detect';
import { readInWorker } from '../../lib/import/worker-client';
import {
  runImport,
  sourceOf,
  type ImportProgress,
  type ImportReport,
  type ImportSource,
} from '../../lib/import/run';
import { sendMessage } from '../../lib/messaging/send';
import { orList } from '../shared/labels';
import { useAction } from '../shared/useAction';

/** "an Engram export", "a ChatGPT export": what the file was, in the page's words. */
const sourceName = (t: TFunction, kind: ImportReport['kind']) =>
  kind === 'engram' ? t('import.fromEngram') : t('import.fromSite', { site: SITE_LABELS[kind] });

/** Nothing in the file was new: everything it holds is stored already (#16: "Imported 4 conversations, 0 new turns"). */
const nothingNew = (r: ImportReport) =>
  r.kept > 0 && r.conversations + r.turns + r.memories + r.held + r.progress + r.jobs + r.usage === 0;

function summary(t: TFunction, r: ImportReport): string {
  const source = sourceName(t, r.kind);
  if (nothingNew(r)) return t('import.nothingNew', { source });
  return t('import.summary', {
    conversations: t('import.n.conversations', { count: r.conversations }),
    turns: t('import.n.newTurns', { count: r.turns }),
    memories: t('import.n.memories', { count: r.memories }),
    source,
  });
}

function restored(t: TFunction, r: ImportReport): string {
  return t('import.restored', {
    progress: t('import.n.conversations', { count: r.progress }),
    jobs: t('import.n.jobs', { count: r.jobs }),
    usage: t('import.n.usage', { count: r.usage }),
  });
}

function ReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  return (
    <div className="stack" role="status">
      <p>{summary(t, report)}</p>
      {report.held > 0 && <p>{t('import.held', { count: report.held })}</p>}
      {report.progress + report.jobs + report.usage > 0 && <p className="muted">{restored(t, report)}</p>}
      {report.kept > 0 && !nothingNew(report) && (
        <p className="muted">{t('import.kept', { count: report.kept })}</p>
      )}
      {report.refused.length > 0 && (
        <Listed
          open
          title={t('import.refused', { count: report.refused.length })}
          items={report.refused.map((r) => t('import.item', { what: r.what, reason: r.reason }))}
        />
      )}
      {report.skipped.length > 0 && (
        <Listed
          title={t('import.skipped', { count: report.skipped.length })}
          items={report.skipped.map((s) => t('import.item', { what: s.title, reason: s.reason }))}
        />
      )}
    </div>
  );
}

function Listed({ title, items, open }: { title: string; items: string[]; open?: boolean }) {
  return (
    <details open={open}>
      <summary>{title}</summary>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </details>
  );
}

/** Options → Data: one file input that takes an Engram export or a site's data export and says which it was (#3). */
/** Inline parsing for tests (happy-dom has no module workers); the page reads files in a worker. */
export const readInline = async (file: File): Promise<ImportSource> =>
  sourceOf(planImport(await file.text()));

/** What runs: the file's name at once (reading it in the worker takes a while), then how far the import is. */
function Running({ name, progress }: { name: string; progress: ImportProgress | null }) {
  const { t } = useTranslation();
  return (
    <div id="import-progress" className="stack">
      <p role="status">{t('import.importing', { name })}</p>
      {progress && (
        <p>
          <progress
            aria-label={t('import.progress')}
            value={progress.done}
            max={Math.max(1, progress.total)}
          />{' '}
          {/* Counted as the background stores each chunk: a large history takes minutes (#13, bench:past). */}
          {t('import.stored', { done: progress.done, total: progress.total })}
        </p>
      )}
    </div>
  );
}

export function ImportData({ read = readInWorker }: { read?: (file: File) => Promise<ImportSource> }) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [name, setName] = useState('');
  const { run, error, busy } = useAction(async (file: File) => {
    setReport(null);
    setProgress(null);
    setName(file.name);
    const source = await read(file);
    setReport(await runImport(source, (chunk) => sendMessage('importChunk', chunk), setProgress));
  });
  // Busy, not disabled (#16): a focused input that becomes `disabled` drops focus to the page body and is no
  // longer announced, as the shared Button's `busy` avoids (ui.tsx). While busy it opens no picker and takes no file.
  const running = busy ? { 'aria-disabled': true, 'aria-describedby': 'import-progress' } : {};
  return (
    <div className="stack">
      <label className="row">
        {t('import.label')}
        <input
          type="file"
          accept=".json,application/json"
          {...running}
          onClick={(e) => busy && e.preventDefault()}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file && !busy) void run(file);
            e.target.value = '';
          }}
        />
      </label>
      <p className="muted">{t('import.accepts', { sites: orList(EXPORT_SITES, i18n.language) })}</p>
      {busy && <Running name={name} progress={progress} />}
      {report && <ReportView report={report} />}
      <ErrorText what={t('import.failed')} error={error} />
    </div>
  );
}
