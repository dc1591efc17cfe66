// Consolidation of a job's new facts against stored memories (#4), in as many calls as the request budget
// needs (#12): a job over 40 long turns can carry more facts and candidates than a 4,096-token model reads.
import { consolidationPrompt } from '../../prompts/registry';
import type { RenderedPrompt } from '../../prompts/types';
import type { Memory } from '../model/records';
import type { Settings } from '../model/settings';
import { jsonSchemaOf } from '../providers/structured';
import { decide, decideState, type Decision } from './decide';
import { findDuplicate, type Fact } from './gate';
import { lookupCandidates } from './lookup';
import { redactText } from './redact';
import type { Cost } from './split';
import { ProblemError } from '../model/problem';

/** Per new fact, unioned, capped at about 30 (#4). Shares tuned with bench:tokens (LoCoMo). */
export const FACT_LOOKUP = { perQuery: 3, cap: 30, minShare: 0.1 };

export interface Batch {
  facts: Fact[];
  candidates: Memory[];
  prompt: RenderedPrompt;
}

export type Ask = (prompt: RenderedPrompt) => Promise<Parameters<typeof decide>[2]>;

interface Inputs {
  settings: Settings;
  memories: Memory[];
  count: Cost;
  requestTokens: number;
}

function dedupe(facts: Fact[], memories: Memory[]): { decisions: Decision[]; open: Fact[] } {
  const decisions: Decision[] = [];
  const open: Fact[] = [];
  for (const fact of facts) {
    const target = findDuplicate(fact.text, memories);
    if (target)
      decisions.push({ kind: 'confirm', fact, target, reason: 'Said again: duplicate of a stored memory' });
    else open.push(fact);
  }
  return { decisions, open };
}

function render(settings: Settings, facts: Fact[], candidates: Memory[]): RenderedPrompt {
  return consolidationPrompt(settings.prompts.consolidation).render({
    facts: facts.map((f) => ({ label: f.label, text: f.text, type: f.type, mentionedAt: f.mentionedAt })),
    // Stored memories go out redacted too: one typed by hand was never through the gate (#11).
    candidates: candidates.map((m, i) => ({
      label: i + 1,
      text: redactText(m.text, settings.privacy.redact),
      type: m.type,
    })),
  });
}

/** The largest batch from `facts[0]` on that fits; a single fact keeps as many candidates as fit. */
async function nextBatch(facts: Fact[], inputs: Inputs, schemaTokens: number): Promise<Batch> {
  const fits = async (p: RenderedPrompt) =>
    (await inputs.count(p.system)) + (await inputs.count(p.user)) + schemaTokens <= inputs.requestTokens;
  const attempt = (n: number) => {
    const batch = facts.slice(0, n);
    const candidates = lookupCandidates(
      batch.map((f) => f.text),
      inputs.memories,
      FACT_LOOKUP,
    );
    return { facts: batch, candidates, prompt: render(inputs.settings, batch, candidates) };
  };
  // Most jobs fit in one call: try everything first, then grow a batch fact by fact.
  const all = attempt(facts.length);
  if (await fits(all.prompt)) return all;
  let best: Batch | null = null;
  for (let n = 1; n < facts.length; n++) {
    const next = attempt(n);
    if (!(await fits(next.prompt))) break;
    best = next;
  }
  if (best) return best;
  // One fact whose candidates alone overflow: drop the weakest candidates until it fits.
  const one = attempt(1);
  for (let k = one.candidates.length - 1; k >= 0; k--) {
    const candidates = one.candidates.slice(0, k);
    const prompt = render(inputs.settings, one.facts, candidates);
    if (await fits(prompt)) return { facts: one.facts, candidates, prompt };
  }
  throw new ProblemError({ code: 'no-fit', what: 'fact' });
}

/** Decisions for every fact: duplicates confirm, unrelated facts add, the rest ask the model in batches. */
export async function consolidate(facts: Fact[], inputs: Inputs, ask: Ask): Promise<Decision[]> {
  const { decisions, open } = dedupe(facts, inputs.memories);
  // A fact with no relevant stored memory is simply new: no call needed for it.
  const related = open.filter((f) => lookupCandidates([f.text], inputs.memories, FACT_LOOKUP).length > 0);
  for (const fact of open.filter((f) => !related.includes(f)))
    decisions.push({ kind: 'add', fact, text: fact.text, reason: 'New: nothing related is stored' });
  const schema = consolidationPrompt(inputs.settings.prompts.consolidation).output;
  const schemaTokens = await inputs.count(JSON.stringify(jsonSchemaOf(schema)));
  const state = decideState();
  for (let rest = related; rest.length > 0;) {
    const batch = await nextBatch(rest, inputs, schemaTokens);
    decisions.push(...decide(batch.facts, batch.candidates, await ask(batch.prompt), state));
    rest = rest.slice(batch.facts.length);
  }
  return decisions;
}
