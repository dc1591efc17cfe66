// Gemini Gems as project-like scopes (#24). A chat with a Gem lives under the Gem's path, `/gem/<gem-id>/<chat>`,
// and a new chat with it at `/gem/<gem-id>` (live links of 2026: `/gem/4221cfdd4fe7/cfe2d141fe0adecb`; Google's
// premade Gems have readable ids, `/gem/coding-partner/<chat>`; `/u/<n>/` prefixes a second account). So the URL
// names the scope both when a chat is captured and when a new chat asks for memories.

export interface GemRef {
  id: string;
  /** Readable only for premade Gems, whose id is their name ("coding-partner"); a custom Gem's id is hex. */
  name: string | null;
}

const GEM_PATH = /^(?:\/u\/\d+)?\/gem\/([^/]+)(?:\/|$)/;

export function gemOf(url: URL): GemRef | null {
  const id = GEM_PATH.exec(url.pathname)?.[1];
  if (!id) return null;
  const readable = /^[a-z]+(?:-[a-z]+)+$/.test(id);
  return { id, name: readable ? id.replace(/-+/g, ' ') : null };
}
