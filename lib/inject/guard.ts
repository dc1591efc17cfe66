// The preview's on-screen guard (#25 item 8), installed by its own content script (guard-link.ts says why): the
// frame counts as on screen once the page's side of it has looked plain for VISIBLE_MS without a break (watch.ts),
// looked at cheaply every LOOK_MS and carefully at the click (sight.ts), with covers that take no clicks made to
// take them at the click (covers.ts). The same in both browsers: in Chromium the frame's own IntersectionObserver
// v2 guard stands in front of this one (it sees such covers, but not `zoom`).
import { withCoversHittable } from './covers';
import { GUARD_KEY, type FrameShape, type PreviewGuard } from './guard-link';
import { shadowOf } from './shadows';
import { sightOf, type SightDeps } from './sight';
import { VISIBLE_MS, watchSight } from './watch';

/** Between grid points, a cover must leave the frame visible: 200 px while watching, 24 px at the click. */
const STEP = { watch: 200, click: 24 };

function sightDeps(doc: Document, shape: FrameShape, deep: boolean): SightDeps {
  return {
    shadowOf,
    size: shape.size,
    // A page-wide restyle each way (covers.ts): at the click only.
    hittable: (look) => (deep ? withCoversHittable(doc, shadowOf, look) : look()),
    step: deep ? STEP.click : STEP.watch,
    inset: shape.radius + 1,
  };
}

export const guard: PreviewGuard = {
  watch: (el, shape, onLook) =>
    watchSight((deep) => sightOf(el, sightDeps(el.ownerDocument, shape, deep)), onLook, VISIBLE_MS),
};

export function installGuard(): void {
  (globalThis as { [GUARD_KEY]?: PreviewGuard })[GUARD_KEY] = guard;
}
