import { useEffect, useState } from 'react';
import type { CaptureProblem } from '../../lib/model/messages';
import { SITE_LABELS } from '../../lib/sites/registry';
import { watchCaptureProblems } from '../../lib/store/status';
import { BROKEN, UNCONFIRMED } from '../shared/captureWords';

function headline(problem: CaptureProblem): string {
  if (problem.kind === 'broken') return BROKEN;
  if (problem.kind === 'limited') return `Engram paused capture on a ${SITE_LABELS[problem.site]} tab`;
  if (problem.kind === 'unconfirmed') return UNCONFIRMED(SITE_LABELS[problem.site]);
  return `${SITE_LABELS[problem.site]}'s own data was unavailable; Engram read the page instead`;
}

/** Capture problems the tabs reported, newest first (#3: never silent). */
export function CaptureProblems() {
  const [problems, setProblems] = useState<CaptureProblem[] | null>(null);
  useEffect(() => watchCaptureProblems(setProblems), []);
  if (!problems) return <p className="muted">Loading capture problems…</p>;
  if (problems.length === 0) return <p className="muted">No capture problems.</p>;
  return (
    <ul className="stack" aria-label="Capture problems">
      {problems.map((p) => (
        <li key={`${p.url}:${p.kind}`} className="card stack">
          <strong>{headline(p)}</strong>
          <span className="muted">
            {p.url} · {new Date(p.at).toLocaleString()}
          </span>
          <span className="muted">{p.detail}</span>
        </li>
      ))}
    </ul>
  );
}
