import { describe, expect, test, vi } from 'vitest';
import type { RecallReply } from '../../lib/model/messages';
import { frameRecall, type FrameChannels } from './frame-recall';

const ctx = { site: 'chatgpt' as const, draft: 'x', recent: [], scope: null, conversationId: null };
const reply: RecallReply = { mode: 'draft', lines: [], text: '', tokens: 0, budgetTokens: 600 };

function channels(tab: number | null, inserted = true) {
  return {
    currentTab: vi.fn(async () => tab),
    pageContext: vi.fn(async () => ctx),
    insertText: vi.fn(async () => ({ ok: inserted, message: inserted ? 'Inserted.' : 'No chat box found.' })),
    closePreview: vi.fn(async () => ({ ok: true })),
    recall: vi.fn(async () => reply),
  } satisfies FrameChannels;
}

describe("the preview frame talks to its own tab's content script", () => {
  test('asks for the tab once, then sends context, insert and close to that tab', async () => {
    const c = channels(7);
    const deps = frameRecall(c);
    expect(await deps.context()).toEqual(ctx);
    expect(await deps.insert('block')).toEqual({ ok: true, message: 'Inserted.' });
    expect(c.currentTab).toHaveBeenCalledOnce();
    expect(c.pageContext).toHaveBeenCalledWith(7);
    expect(c.insertText).toHaveBeenCalledWith(7, 'block');
    expect(c.closePreview).toHaveBeenCalledWith(7);
  });

  test('a failed insert keeps the frame open so its reason can be read', async () => {
    const c = channels(7, false);
    expect(await frameRecall(c).insert('block')).toEqual({ ok: false, message: 'No chat box found.' });
    expect(c.closePreview).not.toHaveBeenCalled();
  });

  test('outside a tab (or when the lookup fails) there is no context and nothing is sent', async () => {
    for (const c of [
      channels(null),
      { ...channels(7), currentTab: vi.fn(async () => Promise.reject(new Error('x'))) },
    ]) {
      const deps = frameRecall(c);
      expect(await deps.context()).toBeNull();
      expect((await deps.insert('block')).ok).toBe(false);
      await deps.close();
      expect(c.insertText).not.toHaveBeenCalled();
      expect(c.closePreview).not.toHaveBeenCalled();
    }
  });

  test('a content script that does not answer reads as "not a chat"', async () => {
    const c = { ...channels(7), pageContext: vi.fn(async () => Promise.reject(new Error('no receiver'))) };
    expect(await frameRecall(c).context()).toBeNull();
  });
});
