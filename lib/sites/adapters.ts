import type { Site } from '../model/site';
import type { SiteAdapter } from './adapter';
import { chatgptAdapter } from './chatgpt/adapter';
import { claudeAdapter } from './claude/adapter';
import { siteForHost } from './registry';

export const ADAPTERS: Record<Site, SiteAdapter> = { chatgpt: chatgptAdapter, claude: claudeAdapter };

export function adapterForHost(hostname: string): SiteAdapter | null {
  const site = siteForHost(hostname);
  return site ? ADAPTERS[site] : null;
}
