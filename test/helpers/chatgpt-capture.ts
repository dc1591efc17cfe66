// A ChatGPT chat's JSON as the capture controller sends it (the whole branch, in order), for tests of what the
// background stores from a capture (partial-capture.test.ts, late-capture.test.ts).
import { apiRequest } from '../../lib/capture/capture';
import type { CaptureRequest } from '../../lib/model/messages';
import { chatgptAdapter } from '../../lib/sites/chatgpt/adapter';
import { chatgptConversation, type ChatgptConversation } from '../../lib/sites/chatgpt/payload';

/** One message of the branch: its id, its author's role and its text. */
export type BranchLine = readonly [id: string, role: string, text: string];

export function chatgptCapture(id: string, title: string, branch: readonly BranchLine[]): CaptureRequest {
  const mapping: ChatgptConversation['mapping'] = { root: { message: null, parent: null } };
  branch.forEach(([mid, role, text], i) => {
    const message = {
      id: mid,
      author: { role },
      recipient: 'all',
      content: { content_type: 'text', parts: [text] },
    };
    mapping[mid] = { message, parent: i === 0 ? 'root' : (branch[i - 1]?.[0] ?? 'root') };
  });
  const conv = chatgptConversation({ conversation_id: id, title, current_node: branch.at(-1)?.[0], mapping });
  if (typeof conv === 'string') throw new Error(conv);
  return apiRequest(chatgptAdapter, new URL(`https://chatgpt.com/c/${id}`), id, conv.title, conv);
}
