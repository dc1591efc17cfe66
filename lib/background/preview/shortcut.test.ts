import { describe, expect, test, vi } from 'vitest';
import { handleCommand, INSERT_COMMAND } from './shortcut';

describe('the insert shortcut', () => {
  test('asks the active tab to open the preview', async () => {
    const openPreview = vi.fn(async () => ({ ok: true }));
    expect(await handleCommand(INSERT_COMMAND, { activeTabId: async () => 7, openPreview })).toBe(true);
    expect(openPreview).toHaveBeenCalledWith(7);
  });

  test('ignores other commands, no tab, and tabs without Engram (no content script answers)', async () => {
    const openPreview = vi.fn(async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    expect(await handleCommand('other', { activeTabId: async () => 7, openPreview })).toBe(false);
    expect(openPreview).not.toHaveBeenCalled();
    expect(await handleCommand(INSERT_COMMAND, { activeTabId: async () => undefined, openPreview })).toBe(
      false,
    );
    expect(await handleCommand(INSERT_COMMAND, { activeTabId: async () => 7, openPreview })).toBe(false);
  });
});
