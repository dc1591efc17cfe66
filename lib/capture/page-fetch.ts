import type { FetchJson } from '../sites/api-types';

/**
 * Same-origin JSON with the user's session. The isolated content script's fetch is made at the page's origin,
 * so `credentials: 'include'` carries the site's cookies; nothing leaves the site (#3, README privacy).
 */
export function pageFetchJson(origin: string): FetchJson {
  return async (path, headers, body) => {
    const post =
      body === undefined
        ? {}
        : { method: 'POST', body, headers: { ...headers, 'Content-Type': 'application/json' } };
    const response = await fetch(origin + path, { credentials: 'include', headers, ...post });
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${path.split('?')[0] ?? path}`);
    return response.json() as Promise<unknown>;
  };
}
