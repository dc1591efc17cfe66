// Projects as recall scopes (#5: "global memories, plus those of the current project or site"). A project is
// read from the page URL only, where the site puts it:
// - ChatGPT project chats live under `/g/g-p-<id>-<slug>/c/<conversation>` and the project page under
//   `/g/g-p-<id>-<slug>/project` (the `/g/<gizmo-or-project>/c/<id>` shape the adapter already reads, #3); the
//   slug is the project's name as the user typed it.
// - Claude names a project only on its own page, `/project/<uuid>`; a chat inside it is a plain `/chat/<uuid>`,
//   so Claude chats carry no project scope (no capture of ours shows the project elsewhere).
import type { Site } from '../model/site';

export interface Project {
  site: Site;
  id: string;
  /** From the URL's slug where the site has one. */
  name: string | null;
}

const CHATGPT = /^\/g\/(g-p-[0-9a-zA-Z]+)(?:-([^/]+))?(?:\/|$)/;
const CLAUDE = /^\/project\/([0-9a-fA-F-]{8,})\/?$/;

function slugName(slug: string | undefined): string | null {
  if (!slug) return null;
  try {
    return decodeURIComponent(slug).replace(/-+/g, ' ').trim() || null;
  } catch {
    return null;
  }
}

export function projectOf(site: Site, url: URL): Project | null {
  if (site === 'chatgpt') {
    const m = CHATGPT.exec(url.pathname);
    return m?.[1] ? { site, id: m[1], name: slugName(m[2]) } : null;
  }
  const m = CLAUDE.exec(url.pathname);
  return m?.[1] ? { site, id: m[1].toLowerCase(), name: null } : null;
}

/** The scope key memories carry for a project: stable across renames (the id, never the name). */
export function projectScope(project: Pick<Project, 'site' | 'id'>): string {
  return `project:${project.site}:${project.id}`;
}

/** The scope of the chat at `url`, or null outside a project. */
export function scopeOfUrl(site: Site, url: URL): string | null {
  const project = projectOf(site, url);
  return project ? projectScope(project) : null;
}
