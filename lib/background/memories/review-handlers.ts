// Review (#6): memories waiting for the person's approval.
import type { HandlersFor } from '../../messaging/background';
import { approveAll, approveMemory, rejectMemory } from './review-decisions';

export const reviewHandlers: HandlersFor<'approveMemory' | 'rejectMemory' | 'approveAllMemories'> = {
  approveMemory: ({ id, text }) => approveMemory(id, text),
  rejectMemory: async ({ id }) => {
    await rejectMemory(id);
    return { ok: true };
  },
  approveAllMemories: () => approveAll(),
};
