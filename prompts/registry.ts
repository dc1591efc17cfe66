// Every shipped prompt version. The options page selects one per kind; the eval issue scores them all.
import { consolidationV1 } from './consolidation/v1';
import { extractionV1 } from './extraction/v1';
import type { ConsolidationOutput, ExtractionOutput } from './schemas';
import type { ConsolidationInput, ExtractionInput, PromptKind, PromptModule } from './types';

export const EXTRACTION_PROMPTS: PromptModule<ExtractionInput, ExtractionOutput>[] = [extractionV1];
export const CONSOLIDATION_PROMPTS: PromptModule<ConsolidationInput, ConsolidationOutput>[] = [
  consolidationV1,
];

export interface PromptInfo {
  kind: PromptKind;
  version: string;
  description: string;
}

export function listPrompts(): PromptInfo[] {
  return [...EXTRACTION_PROMPTS, ...CONSOLIDATION_PROMPTS].map(({ kind, version, description }) => ({
    kind,
    version,
    description,
  }));
}

/** The chosen version, or the newest when the setting names one that no longer exists. */
function pick<T extends { version: string }>(list: T[], version: string): T {
  const found = list.find((p) => p.version === version) ?? list.at(-1);
  if (!found) throw new Error('No prompt registered');
  return found;
}

export const extractionPrompt = (version: string) => pick(EXTRACTION_PROMPTS, version);
export const consolidationPrompt = (version: string) => pick(CONSOLIDATION_PROMPTS, version);
