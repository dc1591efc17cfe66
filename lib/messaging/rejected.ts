/**
 * A message refused for its sender or payload. Its own leaf module because background handlers throw it: had
 * they imported it from `messages.ts`, component tests that mock `messages` with the real handlers would import
 * the mock from inside its own factory, and vitest waits on that forever (the unit suite hung in CI, 2026-12-01).
 */
export class RejectedMessage extends Error {}
