import { expect, test } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { vendorReport } from './VendorMemoryImport';

test('the popup says what was imported, what was there, and what waits in Review (#25)', () => {
  const t = i18n.t;
  expect(vendorReport(t, { site: 'chatgpt', imported: 2, unchanged: 0, held: 0 })).toBe(
    'Imported 2 saved memories from ChatGPT.',
  );
  expect(vendorReport(t, { site: 'claude', imported: 1, unchanged: 3, held: 2 })).toBe(
    'Imported 1 saved memory from Claude (3 already here). 2 wait in Review: a change to a memory you own, or a link.',
  );
});
