// The extraction requests of one job, one per planned part, each checked against the request budget before
// anything is sent (#12), and the facts of all parts merged.
import { extractionPrompt } from '../../prompts/registry';
import { renderMemories, type PromptMemory, type PromptTurn } from '../../prompts/render';
import type { Memory } from '../model/records';
import type { Settings } from '../model/settings';
import { jsonSchemaOf } from '../providers/structured';
import type { JobBudget } from './budget';
import { GATE, type Fact, type LabelledTurn, type Rejected } from './gate';
import { lookupCandidates, normalize, similarity } from './lookup';
import { redactText } from './redact';
import { planJob, type JobPlan, type Part, type PlanTurn } from './plan';
import type { Cost } from './split';
import { ProblemError } from '../model/problem';

/** Earlier turns shown as "context — do not extract" (#4). */
export const CONTEXT_TURNS = 4;
/** Per user turn: extraction only needs to know what not to re-emit. Tuned with bench:tokens (LoCoMo). */
export const TURN_LOOKUP = { perQuery: 2, cap: 10, minShare: 0.15 };

export interface PartRequest {
  system: string;
  user: string;
  /** The new turns of this part, by label: gate resolves the model's sourceTurns against them. */
  fresh: LabelledTurn[];
  /** Input tokens (o200k): system, user and the output schema. */
  tokens: number;
}

export interface ExtractionPlan {
  plan: JobPlan;
  requests: PartRequest[];
}

interface Inputs {
  settings: Settings;
  memories: Memory[];
  count: Cost;
}

async function fitMemories(list: Memory[], room: number, inputs: Inputs): Promise<PromptMemory[]> {
  const count = inputs.count;
  // Stored memories go out redacted too: one typed by hand was never through the gate (#11).
  const redactOn = inputs.settings.privacy.redact;
  const all = list.map((m, i) => ({ label: i + 1, text: redactText(m.text, redactOn), type: m.type }));
  for (let n = all.length; n > 0; n--) {
    const kept = all.slice(0, n);
    if ((await count(renderMemories(kept, 'M'))) <= room) return kept;
  }
  return [];
}

const asPrompt = (t: PlanTurn, label: number): PromptTurn => ({
  label,
  role: t.role,
  at: t.at,
  text: t.text,
});

async function partRequest(part: Part, inputs: Inputs, budget: JobBudget, schemaTokens: number) {
  const context = part.context.map((t, i) => asPrompt(t, i + 1));
  const labels = new Map<PlanTurn, number>();
  for (const p of part.fresh) if (!labels.has(p.turn)) labels.set(p.turn, context.length + labels.size + 1);
  const turns = part.fresh.map((p) => ({
    ...asPrompt(p.turn, labels.get(p.turn) ?? 0),
    role: p.pieces > 1 ? `${p.turn.role} part ${p.piece}/${p.pieces}` : p.turn.role,
    text: p.text,
  }));
  // Context counts too: "born there" needs the memory about where "there" is.
  const queries = [...part.context, ...part.fresh.map((p) => p.turn)].filter((t) => t.role === 'user');
  const found = lookupCandidates(
    queries.map((t) => t.text),
    inputs.memories,
    TURN_LOOKUP,
  );
  const existing = await fitMemories(found, budget.existingTokens, inputs);
  const prompt = extractionPrompt(inputs.settings.prompts.extraction);
  const { system, user } = prompt.render({ turns, context, existing });
  const tokens = (await inputs.count(system)) + (await inputs.count(user)) + schemaTokens;
  const fresh = [...labels].map(([t, label]) => ({ label, id: t.id, role: t.role, at: t.at }));
  return { system, user, fresh, tokens };
}

/**
 * Plans the job's parts and renders every request. Our counts are estimates of the rendered prompt, so each
 * request is counted as sent and the plan redone with less room when one is over (at most a few times).
 */
export async function planExtraction(
  before: PlanTurn[],
  fresh: PlanTurn[],
  inputs: Inputs,
  budget: JobBudget,
) {
  const prompt = extractionPrompt(inputs.settings.prompts.extraction);
  const schemaTokens = await inputs.count(JSON.stringify(jsonSchemaOf(prompt.output)));
  const empty = prompt.render({ turns: [], context: [], existing: [] });
  const fixed = (await inputs.count(empty.system)) + (await inputs.count(empty.user)) + schemaTokens;
  let freshTokens = budget.requestTokens - fixed - budget.existingTokens - budget.contextTokens;
  for (let attempt = 0; attempt < 4; attempt++) {
    if (freshTokens < 64) throw new ProblemError({ code: 'window-small', tokens: budget.requestTokens });
    const room = {
      freshTokens,
      contextTokens: budget.contextTokens,
      contextTurns: CONTEXT_TURNS,
      partsPerJob: budget.partsPerJob,
    };
    const plan = await planJob(before, fresh, room, inputs.count);
    const requests: PartRequest[] = [];
    // A part of assistant text only (the rest of a long answer) is not sent: facts come from what the user
    // said (#4), and the next part shows that text as context.
    for (const part of plan.parts.filter((p) => p.fresh.some((f) => f.turn.role === 'user')))
      requests.push(await partRequest(part, inputs, budget, schemaTokens));
    const over = Math.max(0, ...requests.map((r) => r.tokens - budget.requestTokens));
    if (over === 0) return { plan, requests };
    freshTokens -= over + 16;
  }
  throw new ProblemError({ code: 'no-fit', what: 'turns' });
}

/** Facts of all parts in order, relabelled 1..n; a fact an earlier part already gave is dropped as repeated. */
export function mergeFacts(perPart: Fact[][]): { facts: Fact[]; rejected: Rejected[] } {
  const facts: Fact[] = [];
  const rejected: Rejected[] = [];
  for (const list of perPart) {
    const earlier = [...facts];
    for (const f of list) {
      const twin = earlier.some(
        (g) => normalize(g.text) === normalize(f.text) || similarity(g.text, f.text) >= GATE.nearDuplicate,
      );
      if (twin) rejected.push({ text: f.text, reason: 'repeated in an earlier part of the job' });
      else facts.push({ ...f, label: facts.length + 1 });
    }
  }
  return { facts, rejected };
}
