// The visibility guard's record of each look it takes at the frame (#26): a User Timing mark in the frame's own
// document, which no page script can read (another origin). The e2e suite waits for the look that saw the page
// hide the frame, instead of sleeping past the confirm's delay and hoping the guard had looked by then
// (test/e2e/hostile.e2e.ts).
export const LOOK_MARK = 'engram:preview-look';

/** `visible`: plainly on screen at this look (the confirm's countdown may run), or not (it stops). */
export function recordLook(visible: boolean): void {
  performance.mark(LOOK_MARK, { detail: visible });
}
