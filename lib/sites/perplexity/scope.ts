// Perplexity Spaces as project-like scopes (#24). A Space has its own page, `/spaces/<name>-<id>`, with a 22-character
// base64url id after the name (live links of 2026: `/spaces/rushcut-14QGVXOgTrmD7SY16xlKRA`,
// `/spaces/smoke-test-framework-_L0_2o2dRyaDjDbhcmyOfw`), and in 2025 `<name>.<id>`
// (`comprehensive-report-with-cont-70tb5.qVQ6Gh6DG0p4N4ng`). A thread inside a Space is a plain `/search/<slug>`:
// its URL does not name the Space, but the thread JSON does (`entries[].collection_info`, payload.ts), so captured
// threads carry it from there. TODO(2027-05): confirm collection_info.slug is the Space page's path segment.

export interface SpaceRef {
  id: string;
  /** From the URL's name part, as the person typed it (hyphens for spaces). */
  name: string | null;
}

const SPACE_PATH = /^\/spaces\/([^/]+)\/?$/;
const ID = /^[A-Za-z0-9_-]{22}$/;

/** The Space a `/spaces/` path segment names: `<name>.<id>` or `<name>-<22-character id>`. */
export function spaceOfSlug(segment: string): SpaceRef | null {
  let slug: string;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    return null;
  }
  const dot = slug.lastIndexOf('.');
  const [name, id] =
    dot > 0 ? [slug.slice(0, dot), slug.slice(dot + 1)] : [slug.slice(0, -23), slug.slice(-22)];
  if (!(dot > 0 ? id.length >= 8 : ID.test(id))) return null;
  return { id, name: name.replace(/-+/g, ' ').trim() || null };
}

/** The Space whose own page `url` is, or null (threads, the home page). */
export function spaceOf(url: URL): SpaceRef | null {
  const segment = SPACE_PATH.exec(url.pathname)?.[1];
  return segment ? spaceOfSlug(segment) : null;
}
