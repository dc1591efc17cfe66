// The block's markers: ASCII tags, the same in every language (#37), so every place that recognises a block
// (capture's fence, re-insert) does so whatever language wrote it. Its own module: content scripts import it.
export const BLOCK_OPEN = '<engram-memory>';
export const BLOCK_CLOSE = '</engram-memory>';
