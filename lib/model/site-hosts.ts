// The sites Engram reads and each one's exact hosts, as data the ground owns (#38): the Site enum (site.ts), the
// stored-link check (records.ts, isSiteUrl) and each site's folder (<site>/reply.ts) all read this list, so no
// schema imports a site. Free of imports and zod, because the MAIN-world tap and every site's script carry it.
// A site is its folder, its line here and its line in lib/sites/registry.ts, which the compiler holds to this
// list (#24). Hosts are exact, never patterns: content-script matches, host permissions and host detection.
const HOSTS = {
  chatgpt: ['chatgpt.com', 'chat.openai.com'],
  claude: ['claude.ai'],
  gemini: ['gemini.google.com'],
  perplexity: ['www.perplexity.ai'],
  deepseek: ['chat.deepseek.com'],
  lechat: ['chat.mistral.ai'],
  grok: ['grok.com'],
  copilot: ['copilot.microsoft.com'],
  aistudio: ['aistudio.google.com'],
  qwen: ['chat.qwen.ai'],
  kimi: ['www.kimi.com'],
  meta: ['www.meta.ai'],
} as const;

export const SITE_IDS = Object.keys(HOSTS) as (keyof typeof HOSTS)[];
export const SITE_HOSTS: Readonly<Record<keyof typeof HOSTS, readonly string[]>> = HOSTS;
