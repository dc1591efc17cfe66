// One row of the redaction corpus, shared by secrets-corpus.ts and secrets-phrasings.ts (a leaf: no cycle).
export interface SecretRow {
  name: string;
  text: string;
  /** Substrings of `text` that must be gone after redaction (compared after NFKC and zero-width removal). */
  gone: string[];
}
