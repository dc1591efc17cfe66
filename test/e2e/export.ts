import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { EngramExport } from '../../lib/model/export';

/** Clicks "Export all data" on an options page and returns the validated file and its name. */
export async function exportAll(options: Page): Promise<{ name: string; data: EngramExport }> {
  await options.goto(options.url().replace(/#.*$/, '#data'));
  const [download] = await Promise.all([
    options.waitForEvent('download'),
    options.getByRole('button', { name: 'Export all data' }).click(),
  ]);
  return readExportDownload(download);
}

/** The validated file of an "Export all data" download, however it was started (click or keyboard). */
export async function readExportDownload(download: Download): Promise<{ name: string; data: EngramExport }> {
  const path = await download.path();
  return {
    name: download.suggestedFilename(),
    data: EngramExport.parse(JSON.parse(readFileSync(path, 'utf8'))),
  };
}

/** Exports until `ready` holds: the background stores captures asynchronously. */
export async function exportUntil(options: Page, ready: (data: EngramExport) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await exportAll(options);
    if (ready(result.data) || Date.now() > deadline) return result;
    await options.waitForTimeout(250);
  }
}
