// How much one extraction request and one job may carry, from the model's limits (#12: 40 long turns made
// one 4.3-million-character request, and WebLLM's 4,096-token window failed every such job).
import type { ModelLimits } from '../providers/types';

export const BUDGET = {
  /**
   * Input tokens per request for a model with a large window: long enough that the system prompt (~1,100
   * tokens with its schema) is a small share, short enough that one failed call costs little and small
   * models still read every turn.
   */
  maxRequestTokens: 16_000,
  /**
   * Extraction requests per job: the rest of the turns goes to the next job, queued at once. A job must end
   * within its lease (queue.ts, 5 min): three WebLLM calls of ~2,700 tokens plus consolidation fit.
   */
  partsPerJob: 3,
  /** Shares of each request kept for the stored memories it shows and for the context turns. */
  existingShare: 0.15,
  contextShare: 0.15,
};

export interface JobBudget {
  /** Input tokens one request may hold: system prompt, schema, memories, context and new turns. */
  requestTokens: number;
  /** Extraction requests one job may make: with requestTokens, the cap on what one job sends. */
  partsPerJob: number;
  existingTokens: number;
  contextTokens: number;
}

export function budgetFor(limits: ModelLimits): JobBudget {
  const input = Math.min(limits.contextTokens - limits.outputTokens, BUDGET.maxRequestTokens);
  const requestTokens = Math.floor(input / (1 + limits.tokenizerMargin));
  return {
    requestTokens,
    partsPerJob: BUDGET.partsPerJob,
    existingTokens: Math.floor(requestTokens * BUDGET.existingShare),
    contextTokens: Math.floor(requestTokens * BUDGET.contextShare),
  };
}
