import type { ExportReader } from '../sites/api-types';

/**
 * Readers by site name, then each moved before the readers it names in `before` (DeepSeek's before ChatGPT's:
 * both exports have `mapping`, #24). A reader naming one that is not there, or a loop, keeps the name order.
 */
export function orderReaders(readers: readonly ExportReader[]): ExportReader[] {
  const out = [...readers].sort((a, b) => a.site.localeCompare(b.site));
  for (let pass = 0; pass < out.length; pass++) {
    let moved = false;
    for (const reader of [...out]) {
      const at = out.indexOf(reader);
      const first = Math.min(
        ...(reader.before ?? []).map((s) => out.findIndex((r) => r.site === s)).filter((i) => i >= 0),
      );
      if (first < at) {
        out.splice(at, 1);
        out.splice(first, 0, reader);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return out;
}
