// The sites Engram reads and each one's exact hosts, as data the ground owns (#38): the Site enum (site.ts), the
// stored-link check (records.ts, isSiteUrl) and each site's folder (<site>/reply.ts) all read this list, so no
// schema imports a site. Free of imports and zod, because the MAIN-world tap and every site's script carry it.
// A site is its folder, its line here and its line in lib/sites/registry.ts, which the compiler holds to this
// list (#24). Hosts are exact, never patterns: content-script matches, host permissions and host detection.
// A constant per site, which its folder imports: read out of the table, every content script carried all twelve
// sites' hosts and a dead `table.site` read per site that the bundler keeps (+330 B a script); so each site's
// script is byte for byte what it was when the hosts lived in its folder.
export const CHATGPT_HOSTS = ['chatgpt.com', 'chat.openai.com'] as const;
export const CLAUDE_HOSTS = ['claude.ai'] as const;
export const GEMINI_HOSTS = ['gemini.google.com'] as const;
export const PERPLEXITY_HOSTS = ['www.perplexity.ai'] as const;
export const DEEPSEEK_HOSTS = ['chat.deepseek.com'] as const;
export const LECHAT_HOSTS = ['chat.mistral.ai'] as const;
export const GROK_HOSTS = ['grok.com'] as const;
export const COPILOT_HOSTS = ['copilot.microsoft.com'] as const;
export const AISTUDIO_HOSTS = ['aistudio.google.com'] as const;
export const QWEN_HOSTS = ['chat.qwen.ai'] as const;
export const KIMI_HOSTS = ['www.kimi.com'] as const;
export const META_HOSTS = ['www.meta.ai'] as const;

const HOSTS = {
  chatgpt: CHATGPT_HOSTS,
  claude: CLAUDE_HOSTS,
  gemini: GEMINI_HOSTS,
  perplexity: PERPLEXITY_HOSTS,
  deepseek: DEEPSEEK_HOSTS,
  lechat: LECHAT_HOSTS,
  grok: GROK_HOSTS,
  copilot: COPILOT_HOSTS,
  aistudio: AISTUDIO_HOSTS,
  qwen: QWEN_HOSTS,
  kimi: KIMI_HOSTS,
  meta: META_HOSTS,
};

export const SITE_IDS = Object.keys(HOSTS) as (keyof typeof HOSTS)[];
export const SITE_HOSTS: Readonly<Record<keyof typeof HOSTS, readonly string[]>> = HOSTS;
