import { expect, test, vi } from 'vitest';
import type { RecallReply } from '../../lib/model/messages';
import { frameRecall, type FrameChannels } from './frame-recall';

const ctx = { site: 'chatgpt' as const, draft: 'x', recent: [], scope: null, conversationId: null };
const reply: RecallReply = { mode: 'draft', lines: [], text: '', tokens: 0, budgetTokens: 600 };

function channels(inserted = true) {
  return {
    insertText: vi.fn(async () => ({ ok: inserted, message: inserted ? 'Inserted.' : 'No chat box found.' })),
    closePreview: vi.fn(async () => ({ ok: true })),
    recall: vi.fn(async () => reply),
  } satisfies FrameChannels;
}

test('an insert that landed closes the frame; the preview is told once the tab hid it', async () => {
  const c = channels();
  const onClosed = vi.fn();
  const deps = frameRecall(c, ctx, onClosed);
  expect(await deps.context()).toEqual(ctx);
  expect(await deps.insert('block')).toEqual({ ok: true, message: 'Inserted.' });
  expect(c.insertText).toHaveBeenCalledWith('block');
  expect(c.closePreview).toHaveBeenCalledOnce();
  expect(onClosed).toHaveBeenCalledOnce();
});

test('a failed insert keeps the frame open so its reason can be read', async () => {
  const c = channels(false);
  const onClosed = vi.fn();
  expect(await frameRecall(c, ctx, onClosed).insert('block')).toEqual({
    ok: false,
    message: 'No chat box found.',
  });
  expect(c.closePreview).not.toHaveBeenCalled();
  expect(onClosed).not.toHaveBeenCalled();
});

test('a close that fails still clears the preview', async () => {
  const c = { ...channels(), closePreview: vi.fn(async () => Promise.reject(new Error('tab gone'))) };
  const onClosed = vi.fn();
  await frameRecall(c, ctx, onClosed).close();
  expect(onClosed).toHaveBeenCalledOnce();
});
