/**
 * Where a secret was found in the folded text, and what kind it is: every redaction rule returns these. A leaf
 * module, so the rules (redact-rules.ts) and the scanners they call import it without importing each other (#26).
 */
export interface Span {
  start: number;
  end: number;
  label: string;
}
