import type { z } from 'zod/mini';
import type { PromptMemory, PromptTurn } from './render';

export type PromptKind = 'extraction' | 'consolidation';

export interface RenderedPrompt {
  system: string;
  user: string;
}

export interface PromptModule<I, O> {
  kind: PromptKind;
  version: string;
  /** Shown in the options page next to the version select. */
  description: string;
  output: z.ZodMiniType<O>;
  render(input: I): RenderedPrompt;
}

export interface ExtractionInput {
  /** The new turns: the only ones to extract from. */
  turns: PromptTurn[];
  /** A few earlier turns, for resolving pronouns and dates only. */
  context: PromptTurn[];
  /** Existing relevant memories, relabelled 1..n. */
  existing: PromptMemory[];
}

export interface ConsolidationFact {
  label: number;
  text: string;
  type: string;
  mentionedAt: string;
}

export interface ConsolidationInput {
  facts: ConsolidationFact[];
  candidates: PromptMemory[];
}
