import { useState } from 'react';
import { KIND_LABELS, planImport } from '../../lib/import/detect';
import { readInWorker } from '../../lib/import/worker-client';
import {
  runImport,
  sourceOf,
  type ImportProgress,
  type ImportReport,
  type ImportSource,
} from '../../lib/import/run';
import { sendMessage } from '../../lib/messaging/send';
import { useAction } from '../shared/useAction';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const article = (label: string) => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;

/** Nothing in the file was new: everything it holds is stored already (#16: "Imported 4 conversations, 0 new turns"). */
const nothingNew = (r: ImportReport) =>
  r.kept > 0 && r.conversations + r.turns + r.memories + r.held + r.progress + r.jobs + r.usage === 0;

function summary(r: ImportReport): string {
  if (nothingNew(r)) return `This ${KIND_LABELS[r.kind]} was already imported: it holds nothing new.`;
  const what = [
    count(r.conversations, 'conversation', 'conversations'),
    count(r.turns, 'new turn', 'new turns'),
  ];
  return `Imported ${what.join(', ')} and ${count(r.memories, 'memory', 'memories')} from ${article(KIND_LABELS[r.kind])}.`;
}

function restored(r: ImportReport): string {
  const what = [
    `extraction progress of ${count(r.progress, 'conversation', 'conversations')}`,
    count(r.jobs, 'waiting or failed job', 'waiting or failed jobs'),
  ];
  return `Restored ${what.join(', ')} and ${count(r.usage, 'usage record', 'usage records')}: what was extracted is not extracted again.`;
}

function ReportView({ report }: { report: ImportReport }) {
  return (
    <div className="stack" role="status">
      <p>{summary(report)}</p>
      {report.held > 0 && (
        <p>
          {count(report.held, 'memory waits', 'memories wait')} in Review: a file is not you, so its standing
          rules, pinned memories and links, and its changes to memories you own, are yours to approve.
        </p>
      )}
      {report.progress + report.jobs + report.usage > 0 && <p className="muted">{restored(report)}</p>}
      {report.kept > 0 && !nothingNew(report) && (
        <p className="muted">
          Kept {count(report.kept, 'record', 'records')} already stored as they are or newer: an older copy
          never replaces a newer one.
        </p>
      )}
      {report.refused.length > 0 && (
        <Listed
          open
          title={`Refused ${count(report.refused.length, 'record', 'records')}: nothing stored was changed by them`}
          items={report.refused.map((r) => `${r.what}: ${r.reason}`)}
        />
      )}
      {report.skipped.length > 0 && (
        <Listed
          title={`Skipped ${count(report.skipped.length, 'conversation', 'conversations')}`}
          items={report.skipped.map((s) => `${s.title}: ${s.reason}`)}
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

/** Options → Data: one file input that takes an Engram, ChatGPT or Claude export and says which it was (#3). */
/** Inline parsing for tests (happy-dom has no module workers); the page reads files in a worker. */
export const readInline = async (file: File): Promise<ImportSource> =>
  sourceOf(planImport(await file.text()));

/** What runs: the file's name at once (reading it in the worker takes a while), then how far the import is. */
function Running({ name, progress }: { name: string; progress: ImportProgress | null }) {
  return (
    <div id="import-progress" className="stack">
      <p role="status">Importing {name}…</p>
      {progress && (
        <p>
          <progress aria-label="Import progress" value={progress.done} max={Math.max(1, progress.total)} />{' '}
          {/* Counted as the background stores each chunk: a large history takes minutes (#13, bench:past). */}
          {progress.done.toLocaleString('en')} of {progress.total.toLocaleString('en')} records stored
        </p>
      )}
    </div>
  );
}

export function ImportData({ read = readInWorker }: { read?: (file: File) => Promise<ImportSource> }) {
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
        Import
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
      <p className="muted">An Engram export, or conversations.json from a ChatGPT or Claude data export.</p>
      {busy && <Running name={name} progress={progress} />}
      {report && <ReportView report={report} />}
      {error && (
        <p role="alert" className="error">
          Import failed: {error}
        </p>
      )}
    </div>
  );
}
