// The only list of hosts: content-script matches, host permissions and host detection all read it
// (docs/architecture.md). Exact hosts only, never `includes`.
import type { Site } from '../model/site';

export const SITE_HOSTS: Record<Site, readonly string[]> = {
  chatgpt: ['chatgpt.com', 'chat.openai.com'],
  claude: ['claude.ai'],
};

export const SITE_LABELS: Record<Site, string> = { chatgpt: 'ChatGPT', claude: 'Claude' };

export const MATCH_PATTERNS: string[] = Object.values(SITE_HOSTS).flatMap((hosts) =>
  hosts.map((h) => `https://${h}/*`),
);

export function siteForHost(hostname: string): Site | null {
  for (const [site, hosts] of Object.entries(SITE_HOSTS) as [Site, readonly string[]][]) {
    if (hosts.includes(hostname)) return site;
  }
  return null;
}

/** One site's match patterns: each site has its own content script (lib/page/start.ts says why). */
export function sitePatterns(site: Site): string[] {
  return SITE_HOSTS[site].map((h) => `https://${h}/*`);
}
