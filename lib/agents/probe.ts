// The port probe (#27, #34 item 9): a plain HTTP request before any WebSocket is opened. Chromium delays each new
// WebSocket by up to 5 s once a page has many pending or failed ones (its per-process WebSocket throttle), and a
// scan of closed ports is nothing but failures; an HTTP request to a closed port fails at once and delays nothing.
import { INSTANCE_HEADER } from '../model/agent-wire';

const PROBE_MS = 1_500;

/** What a probe learns: nothing answers (null), or a server, named by the instance id engram-mcp sends ('' if none). */
export type Probed = string | null;

/**
 * Whether engram-mcp answers HTTP on the port (with 426 and the extension's origin), and which server process it
 * is. A redirect is an error (#34 item 9): engram-mcp never sends one, and a program on the port must not make
 * the extension fetch another address.
 */
export async function httpProbe(url: string): Promise<Probed> {
  try {
    const signal = AbortSignal.timeout(PROBE_MS);
    // Chromium refuses a no-cors request whose redirect mode is not "follow" (checked with Chromium 156), so the
    // probe is a CORS request: engram-mcp's 426 names the extension's origin (mcp/src/listen.ts). A program that
    // does not is never dialled.
    const res = await fetch(url, {
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      signal,
    });
    return res.headers.get(INSTANCE_HEADER) ?? '';
  } catch {
    return null;
  }
}
