// The sites Engram reads, one line each: the only list of hosts (content-script matches, host permissions and
// host detection all read it, so no two lists drift) and of site names; lib/model/site.ts derives the Site enum from
// it. A site is its folder (site.ts, adapter.ts, selectors, parsers, tests), its line here and a ten-line
// entrypoint, entrypoints/<site>.content.ts (#24, #36); contract.test.ts fails for a site missing any part.
import { aistudio } from './aistudio/site';
import { chatgpt } from './chatgpt/site';
import { claude } from './claude/site';
import { copilot } from './copilot/site';
import { deepseek } from './deepseek/site';
import { gemini } from './gemini/site';
import { grok } from './grok/site';
import { kimi } from './kimi/site';
import { lechat } from './lechat/site';
import { meta } from './meta/site';
import { perplexity } from './perplexity/site';
import { qwen } from './qwen/site';
import { matchPatterns, type SiteInfo } from './site';

export const SITES = [
  chatgpt,
  claude,
  gemini,
  perplexity,
  deepseek,
  lechat,
  grok,
  copilot,
  aistudio,
  qwen,
  kimi,
  meta,
] as const;

export type SiteId = (typeof SITES)[number]['site'];

export const SITE_IDS = SITES.map((s) => s.site);

const BY_ID = new Map<string, SiteInfo<SiteId>>(SITES.map((s) => [s.site, s]));

export function siteInfo(site: SiteId): SiteInfo<SiteId> {
  const info = BY_ID.get(site);
  if (!info) throw new Error(`unknown site ${site}`);
  return info;
}

export const SITE_HOSTS = Object.fromEntries(SITES.map((s) => [s.site, s.hosts])) as Record<
  SiteId,
  readonly string[]
>;

export const SITE_LABELS = Object.fromEntries(SITES.map((s) => [s.site, s.label])) as Record<SiteId, string>;

export const MATCH_PATTERNS: string[] = SITES.flatMap((s) => matchPatterns(s.hosts));

/** Exact hosts only, never `includes` on the name. */
export function siteForHost(hostname: string): SiteId | null {
  return SITES.find((s) => s.hosts.includes(hostname))?.site ?? null;
}

/** One site's match patterns: each site has its own content script (lib/page/start.ts says why). */
export function sitePatterns(site: SiteId): string[] {
  return matchPatterns(siteInfo(site).hosts);
}
