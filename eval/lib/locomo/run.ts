// eval:locomo's core (#7): feed sessions in order, build the Engram block for each question within the budget,
// answer from the block alone, judge yes/no, tally per category. Everything model-shaped is injected:
// the extractor is the pipeline (#4), `rank` stands in for recall (#5), `answer` and `judge` are providers.
import { formatBlock } from '../../../lib/recall/block';
import { saysYes } from '../judge';
import { tokens } from '../match';
import type { ProviderCall, ProviderReply } from '../provider';
import type { LocomoConversation, LocomoQuestion, LocomoSession } from './data';
import { questionsOf, sessionsOf } from './data';

export type MemorySource = 'observations' | 'extracted' | 'turns' | 'both';

export interface Candidate {
  text: string;
  mentionedAt: string;
}

/** THE SEAM to #4: run one session through capture normalization → extraction → consolidation. */
export type LocomoExtractor = (
  session: LocomoSession,
  conversation: LocomoConversation,
) => Promise<{ memories: Candidate[]; replies: ProviderReply[] }>;

/** THE SEAM to #5: order candidates for a question, best first. */
export type Ranker = (question: string, candidates: Candidate[]) => Candidate[];

/** A stand-in for #5's MiniSearch recall: token overlap with the question, stable on ties. */
export const overlapRanker: Ranker = (question, candidates) => {
  const q = tokens(question);
  const score = (c: Candidate) => [...tokens(c.text)].filter((t) => q.has(t)).length;
  return candidates
    .map((c, i) => ({ c, i, s: score(c) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.c);
};

export const ANSWER_SYSTEM = [
  'Answer the question using only the notes between <engram-memory> and </engram-memory>.',
  'Each note starts with the date it was mentioned; resolve relative dates ("last week") against it.',
  'Answer in a few words. If the notes do not contain the answer, say "I don\'t know".',
].join('\n');

export const LOCOMO_JUDGE_SYSTEM =
  'You grade answers to questions about a past conversation. Reply yes or no.';

export function locomoJudgeUser(q: LocomoQuestion, answer: string): string {
  return [
    `Question: ${q.question}`,
    `Gold answer: ${q.gold}`,
    `Generated answer: ${answer}`,
    '',
    'Is the generated answer correct? Be generous: it is correct if it refers to the same thing, person, date or',
    'period as the gold answer, even when longer or worded differently ("May 7th" and "7 May 2023" agree).',
    'It is wrong if it contradicts the gold answer, misses it, or says it does not know. Reply yes or no.',
  ].join('\n');
}

const dated = (c: Candidate) => `${c.mentionedAt.slice(0, 10)}: ${c.text}`;

export interface LocomoOptions {
  sources: MemorySource[];
  budget: number;
  sessions?: number;
  limit?: number;
  extract: LocomoExtractor;
  rank: Ranker;
  answer: ProviderCall;
  judge: ProviderCall;
  countTokens: (text: string) => Promise<number>;
}

export interface QuestionResult extends LocomoQuestion {
  source: MemorySource;
  answer: string;
  correct: boolean;
  blockTokens: number;
  blockLines: number;
}

async function memoriesOf(c: LocomoConversation, o: LocomoOptions) {
  const sessions = sessionsOf(c).slice(0, o.sessions);
  const replies: ProviderReply[] = [];
  const by: Record<'observations' | 'extracted' | 'turns', Candidate[]> = {
    observations: [],
    extracted: [],
    turns: [],
  };
  const needsExtraction = o.sources.some((s) => s === 'extracted' || s === 'both');
  for (const s of sessions) {
    by.observations.push(...s.observations.map((text) => ({ text, mentionedAt: s.at })));
    by.turns.push(...s.turns.map((t) => ({ text: `${t.speaker}: ${t.text}`, mentionedAt: s.at })));
    if (!needsExtraction) continue;
    const out = await o.extract(s, c);
    by.extracted.push(...out.memories);
    replies.push(...out.replies);
  }
  const pick = (s: MemorySource) => (s === 'both' ? [...by.extracted, ...by.turns] : by[s]);
  return { pick, replies };
}

/** Builds the block as Engram would insert it: ranked, dated, o200k-counted, within the budget. */
export async function buildBlock(question: string, candidates: Candidate[], o: LocomoOptions) {
  const items = [];
  for (const c of o.rank(question, candidates))
    items.push({ text: dated(c), tokenCount: await o.countTokens(dated(c)) });
  return formatBlock(items, o.budget);
}

/** Each text is counted once per run: the encoder is the slow part (~1 s to build, then per call). */
function memoCount(count: LocomoOptions['countTokens']): LocomoOptions['countTokens'] {
  const seen = new Map<string, number>();
  return async (text) => seen.get(text) ?? seen.set(text, await count(text)).get(text)!;
}

export async function runLocomo(conversations: LocomoConversation[], options: LocomoOptions) {
  const o = { ...options, countTokens: memoCount(options.countTokens) };
  const results: QuestionResult[] = [];
  const replies: ProviderReply[] = [];
  let left = o.limit ?? Infinity;
  for (const c of conversations) {
    const questions = questionsOf(c, o.sessions).slice(0, left);
    if (questions.length === 0) continue;
    left -= questions.length;
    const mem = await memoriesOf(c, o);
    replies.push(...mem.replies);
    for (const source of o.sources) {
      for (const q of questions) {
        const block = await buildBlock(q.question, mem.pick(source), o);
        const a = await o.answer({
          system: ANSWER_SYSTEM,
          user: `${block.text}\n\nQuestion: ${q.question}`,
          schemaName: 'answer',
        });
        const j = await o.judge({
          system: LOCOMO_JUDGE_SYSTEM,
          user: locomoJudgeUser(q, a.text),
          schemaName: 'judge',
        });
        replies.push(a, j);
        results.push({
          ...q,
          source,
          answer: a.text,
          correct: saysYes(j.text),
          blockTokens: block.tokens,
          blockLines: block.count,
        });
      }
    }
  }
  return { results, cost: costOf(replies) };
}

export function costOf(replies: ProviderReply[]) {
  const known = replies.filter((r) => r.usage);
  const priced = known.filter((r) => typeof r.usage?.costUsd === 'number');
  return {
    calls: replies.length,
    promptTokens: known.reduce((s, r) => s + (r.usage?.promptTokens ?? 0), 0),
    completionTokens: known.reduce((s, r) => s + (r.usage?.completionTokens ?? 0), 0),
    /** null unless every call was priced: a partial sum would understate the cost. */
    costUsd:
      priced.length === replies.length && replies.length > 0
        ? priced.reduce((s, r) => s + r.usage!.costUsd!, 0)
        : null,
  };
}
