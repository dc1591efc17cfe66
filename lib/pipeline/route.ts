// Which provider runs a job (#35). Chrome's built-in model opens a session per job and reads only some
// languages (it says which through its API): a conversation in another language goes to the fallback
// provider the person chose, or waits with the reason shown in Activity. It is never sent anywhere else.
import type { Problem } from '../model/problem';
import type { Turn } from '../model/records';
import type { Provider } from '../providers/types';

export type Route = { provider: Provider; close: () => void } | { wait: Problem; retryInMs: number };

/** A language-held job looks again once a day; saving a provider makes every waiting job due at once. */
const LANGUAGE_WAIT_MS = 24 * 60 * 60_000;
/** Enough text to tell a language apart; the person's own words first. */
const SAMPLE_CHARS = 2000;

const none = () => undefined;

export async function routeJob(
  provider: Provider,
  fallback: () => Promise<Provider | null>,
  sample: string,
  signal: AbortSignal,
): Promise<Route> {
  if (!provider.forJob) return { provider, close: none };
  const route = await provider.forJob(sample, signal);
  if (!('refused' in route)) return route;
  const other = await fallback();
  if (other) return { provider: other, close: none };
  return { wait: route.refused, retryInMs: LANGUAGE_WAIT_MS };
}

/** The job's new turns as one text, the person's turns first (they decide what memories are about). */
export function sampleOf(turns: readonly Turn[], fromOrder: number): string {
  const fresh = turns.filter((t) => !t.superseded && t.order >= fromOrder);
  const ordered = [...fresh.filter((t) => t.role === 'user'), ...fresh.filter((t) => t.role !== 'user')];
  return ordered
    .map((t) => t.text)
    .join('\n')
    .slice(0, SAMPLE_CHARS);
}
