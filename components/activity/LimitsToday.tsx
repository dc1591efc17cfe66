// Activity → Today's limits (#11): what the extractor did today against the caps in code and in Settings.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Settings } from '../../lib/model/settings';
import { CAPS } from '../../lib/pipeline/guard';
import { readSettings, settingsItem } from '../../lib/settings';
import { extractionToday } from '../../lib/store/limits';

const n = (x: number) => x.toLocaleString('en');

function useLimits(): Settings['limits'] | null {
  const [limits, setLimits] = useState<Settings['limits'] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void readSettings().then((s) => live && setLimits(s.limits));
    load();
    const stop = settingsItem.watch(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return limits;
}

export function LimitsToday() {
  const today = useLiveQuery(() => extractionToday(new Date()), []);
  const limits = useLimits();
  if (!today || !limits) return <p className="muted">Loading limits…</p>;
  const changesFull = today.changes >= limits.dailyChanges;
  const tokensFull = today.tokens >= limits.dailyTokens;
  return (
    <div className="card stack tight" role="group" aria-label="Today's limits">
      <p>
        Changes written without review: {n(today.changes)} of {n(limits.dailyChanges)}
        {changesFull && <strong> · Reached: further changes wait in Review.</strong>}
      </p>
      <p>
        Tokens spent on extraction: {n(today.tokens)} of {n(limits.dailyTokens)}
        {tokensFull && <strong> · Reached: extraction waits until 00:00 UTC.</strong>}
      </p>
      <p className="muted small">
        Days are counted in UTC. One job may add {CAPS.add}, change {CAPS.update} and delete {CAPS.delete}{' '}
        memories on its own; a job that proposes more sends all of it to Review. Changes to memories you
        pinned, wrote or made standing rules always wait for you. The daily caps are in Settings → Limits.
      </p>
    </div>
  );
}
