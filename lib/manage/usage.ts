// Activity → Usage (#6): provider calls recorded by the pipeline (#4), summed per day, provider and model. Rows an
// import brought (#25) are summed apart and say so: what calls cost elsewhere, not what this device spent.
import type { Usage } from '../model/records';

export interface UsageDay {
  day: string;
  provider: string;
  model: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Calls made elsewhere and brought by an import: history, not counted against today's cap. */
  imported: boolean;
  /** Sum of the calls whose cost is known; `costComplete` says whether that was all of them. */
  costUsd: number;
  costComplete: boolean;
}

export function usageByDay(rows: readonly Usage[]): UsageDay[] {
  const groups = new Map<string, UsageDay>();
  for (const r of rows) {
    const imported = r.imported === true;
    const key = `${r.day}\u0000${r.provider}\u0000${r.model}\u0000${imported}`;
    const g = groups.get(key) ?? {
      ...{ day: r.day, provider: r.provider, model: r.model, imported, calls: 0 },
      ...{ promptTokens: 0, completionTokens: 0, costUsd: 0, costComplete: true },
    };
    g.calls += 1;
    g.promptTokens += r.promptTokens;
    g.completionTokens += r.completionTokens;
    if (r.costUsd === null) g.costComplete = false;
    else g.costUsd += r.costUsd;
    groups.set(key, g);
  }
  return [...groups.values()].sort(
    (a, b) =>
      b.day.localeCompare(a.day) ||
      a.provider.localeCompare(b.provider) ||
      a.model.localeCompare(b.model) ||
      Number(a.imported) - Number(b.imported),
  );
}
