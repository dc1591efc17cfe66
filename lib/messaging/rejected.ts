/**
 * A message refused for its sender or payload. Its own leaf module because background handlers throw it: had
 * they imported it from a module that component tests mock with the real handlers (once lib/messages.ts, now
 * ./send.ts), the mock would import itself from inside its own factory, and vitest waits on that forever (the
 * unit suite hung in CI, 2026-12-01).
 */
export class RejectedMessage extends Error {}
