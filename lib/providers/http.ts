// HTTP for providers: timeouts, 429/5xx with exponential backoff that honours Retry-After, cancellation (#4).
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface HttpOptions {
  timeoutMs?: number;
  /** Retries after the first attempt, for 429 and 5xx only. */
  retries?: number;
  baseDelayMs?: number;
  /** Longest wait we accept from Retry-After; beyond it the call fails and the job queue backs off instead. */
  maxDelayMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Retry-After is either seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

const retryable = (status: number) => status === 429 || status >= 500;

async function attempt(url: string, init: RequestInit, opts: HttpOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 60_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  try {
    return await (opts.fetch ?? fetch)(url, { ...init, signal });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    if (timeout.aborted) throw new ProviderHttpError(0, `No answer within ${opts.timeoutMs ?? 60_000} ms`);
    // The browser says only "TypeError: Failed to fetch"; the person needs the likely causes (#16).
    throw new ProviderHttpError(
      0,
      `Could not reach ${new URL(url).host}: check the address, that the server is running, and that it accepts requests from this extension.`,
    );
  }
}

async function failure(res: Response): Promise<ProviderHttpError> {
  const body = (await res.text().catch(() => '')).slice(0, 300);
  return new ProviderHttpError(res.status, `HTTP ${res.status}${body ? `: ${body}` : ''}`);
}

export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  opts: HttpOptions = {},
): Promise<Response> {
  const retries = opts.retries ?? 3;
  const wait = opts.sleep ?? sleep;
  for (let n = 0; ; n++) {
    const res = await attempt(url, init, opts);
    if (res.ok) return res;
    if (!retryable(res.status) || n >= retries) throw await failure(res);
    const hinted = retryAfterMs(res.headers.get('retry-after'));
    const delay = hinted ?? (opts.baseDelayMs ?? 1000) * 2 ** n;
    if (delay > (opts.maxDelayMs ?? 120_000)) throw await failure(res);
    await res.body?.cancel().catch(() => undefined);
    await wait(delay, opts.signal);
  }
}
