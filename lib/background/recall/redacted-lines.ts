// The same memories come back preview after preview (the slider, a removal, the next draft): each text is
// redacted once per worker, not once per offer (~30 ms per 10k-memory preview under load otherwise).
import { redact } from '../../pipeline/redact';

const cleaned = new Map<string, { text: string; spans: number }>();
const CLEANED_MAX = 5_000;

/** A line's text with secrets redacted (Settings → Redact secrets), and how many spans were. */
export function redactedLine(text: string): { text: string; spans: number } {
  let out = cleaned.get(text);
  if (!out) {
    const r = redact(text);
    out = { text: r.text, spans: r.found.length };
    if (cleaned.size >= CLEANED_MAX) cleaned.clear();
    cleaned.set(text, out);
  }
  return out;
}
