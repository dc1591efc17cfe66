import { describe, expect, test, vi } from 'vitest';
import { previewRelay } from './preview-relay';

const ctx = { site: 'claude', draft: 'Lisbon', recent: [], scope: null, conversationId: 'c1' };
const inFrame = { url: 'chrome-extension://abc/preview.html', tab: { id: 4 } };

function tabs(answer: unknown = ctx) {
  return {
    pageContext: vi.fn(async () => answer),
    insertText: vi.fn(async () => ({ ok: true, message: 'Inserted.' })),
    closePreview: vi.fn(async () => ({ ok: true })),
  };
}

describe('the preview frame reaches only its own tab, through the background', () => {
  test('context, insert and close go to the tab the frame sits in', async () => {
    const t = tabs();
    const relay = previewRelay(t);
    expect(await relay.previewPageContext({}, inFrame)).toEqual(ctx);
    expect(await relay.previewInsertText({ text: 'block' }, inFrame)).toEqual({
      ok: true,
      message: 'Inserted.',
    });
    expect(await relay.previewClose({}, inFrame)).toEqual({ ok: true });
    expect(t.pageContext).toHaveBeenCalledWith(4);
    expect(t.insertText).toHaveBeenCalledWith(4, 'block');
    expect(t.closePreview).toHaveBeenCalledWith(4);
  });

  test('from a page without a tab (the popup) nothing is sent', async () => {
    const t = tabs();
    const relay = previewRelay(t);
    const popup = { url: 'chrome-extension://abc/popup.html' };
    await expect(relay.previewPageContext({}, popup)).rejects.toThrow(/not inside a chat tab/);
    await expect(relay.previewInsertText({ text: 'x' }, popup)).rejects.toThrow(/not inside a chat tab/);
    expect(t.pageContext).not.toHaveBeenCalled();
    expect(t.insertText).not.toHaveBeenCalled();
  });

  test("the tab's answers are page data: a malformed or missing one becomes null or a failure", async () => {
    expect(await previewRelay(tabs({ site: 'evil', draft: 1 })).previewPageContext({}, inFrame)).toBeNull();
    const silent = { ...tabs(), pageContext: vi.fn(async () => Promise.reject(new Error('no receiver'))) };
    expect(await previewRelay(silent).previewPageContext({}, inFrame)).toBeNull();
    const odd = { ...tabs(), insertText: vi.fn(async () => 'done') };
    expect(await previewRelay(odd).previewInsertText({ text: 'x' }, inFrame)).toEqual({
      ok: false,
      message: 'The chat page gave no answer.',
    });
  });
});
