// Project-like scopes as recall scopes (#5: "global memories, plus those of the current project or site"): a
// ChatGPT project, a Gemini Gem, a Perplexity Space, a Le Chat project. Where each comes from (the page URL, the
// site's JSON, or nowhere, and why) is its folder's knowledge: `scope` in lib/sites/<site>/site.ts (#24).
import type { Site } from '../model/site';
import { siteInfo } from './registry';
import { scopeKey, type ScopeRef } from './site';

export interface Project extends ScopeRef {
  site: Site;
}

export function projectOf(site: Site, url: URL): Project | null {
  const ref = siteInfo(site).scope.fromUrl(url);
  return ref ? { site, ...ref } : null;
}

/** The scope key memories carry for a project: stable across renames (the id, never the name). */
export function projectScope(project: Pick<Project, 'site' | 'id'>): string {
  return scopeKey(project.site, project.id);
}

/** The scope of the chat at `url`, or null outside a project. */
export function scopeOfUrl(site: Site, url: URL): string | null {
  const project = projectOf(site, url);
  return project ? projectScope(project) : null;
}

/**
 * A captured chat's scope: the one its JSON names (a Perplexity thread in a Space, a Le Chat chat in a project)
 * where the site's folder says its JSON names one, else the URL's.
 */
export function scopeOfCapture(site: Site, url: URL, fromJson: Pick<ScopeRef, 'id'> | null | undefined) {
  if (fromJson && siteInfo(site).scope.fromJson) return scopeKey(site, fromJson.id);
  return scopeOfUrl(site, url);
}
