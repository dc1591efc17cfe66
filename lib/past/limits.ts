// How many past passages a query brings to ranking. A 1,000-token block holds ~50 excerpts; the rest compete
// with memories for them (docs/past-index.md, eval:recall --limit).
export const PAST_LIMIT = 60;
