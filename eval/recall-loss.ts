// `npm run eval:recall-loss -- [--dataset <file>] [--list]`: where the 600-token block loses questions
// (#28, docs/recall.md). Each question the 600-token block misses gets one cause: its evidence was ranked
// and made the 1,000-token block (cut by the budget), ranked but below even that, dropped by the packer,
// or never ranked (and then whether a memory or a past turn holds it, and where that turn ranks). For the
// questions cut by the budget it sums what the lines ahead of the evidence spent; for every 600-token block,
// what its tokens went to.
import { parseArgs } from 'node:util';
import { loadLocomo, tokens } from './locomo-recall';
import { askAll, shareHeld, type Asked } from './recall-score';
import { rankLines, recall, type RecallResult } from '../lib/recall/recall';
import { Packer, type Chosen } from '../lib/recall/select';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: '../shared/locomo/locomo-dev.json' },
    small: { type: 'string', default: '600' },
    large: { type: 'string', default: '1000' },
    list: { type: 'boolean', default: false },
  },
});
const SMALL = Number(values.small);
const LARGE = Number(values.large);
const UNLIMITED = 1e9;

const holds = (line: { memory: { evidence?: string[] } }, evidence: readonly string[]) =>
  (line.memory.evidence ?? []).some((e) => evidence.includes(e));
const session = (line: Chosen) => /^D(\d+):/.exec(line.memory.evidence?.[0] ?? '')?.[1] ?? '?';
const kind = (line: Chosen) => (line.section === 'past' ? 'past' : 'memory');

const counts = new Map<string, number>();
const add = (key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n);

/** What the lines before the evidence cost in an unlimited block, by kind (headers and line marks apart). */
function ahead(lines: readonly Chosen[], evidence: readonly string[]) {
  const packer = new Packer(UNLIMITED);
  const spent = { memoryLines: 0, pastLines: 0, memoryTokens: 0, pastTokens: 0, headers: 0 };
  const sessions = new Set<string>();
  for (const line of lines) {
    if (holds(line, evidence))
      return { tokensAhead: packer.used, spent, sessions: sessions.size, found: line };
    const before = packer.used;
    packer.take(line);
    spent[`${kind(line)}Lines`]++;
    spent[`${kind(line)}Tokens`] += line.tokenCount;
    spent.headers += packer.used - before - line.tokenCount;
    sessions.add(session(line));
  }
  return null;
}

/** Why a question's evidence is in no candidate line: which source holds it and where its turn ranks. */
function neverRanked({ store, question, index, engine }: Asked): string {
  const memories = store.memories.filter((m) => holds({ memory: m }, question.evidence));
  const matched = index.lexical(question.question);
  const memory =
    memories.length === 0
      ? 'no memory holds it'
      : memories.some((m) => matched.has(m.id))
        ? 'its memory matched'
        : 'its memory shares no term';
  const all = engine?.query(question.question, { limit: 100_000, skipConversation: null }) ?? [];
  const at = all.findIndex((h) => question.evidence.includes(h.turnKey));
  const past = at < 0 ? 'its turn shares no term' : `its turn ranks ${at < 120 ? '61-120' : '>120'}`;
  return `${memory}, ${past}`;
}

/** A 600-token block's spending: real tokens, day headers, and turns paid for twice. */
function composition(block: RecallResult) {
  add('blocks');
  add('charged tokens', block.tokens);
  add('real tokens', tokens(block.text));
  add('day headers', block.text.split('\n').filter((l) => /^On \d/.test(l)).length);
  const seen = new Set<string>();
  for (const line of block.lines) {
    add(`${kind(line)} lines`);
    add(`${kind(line)} text tokens`, line.tokenCount);
    const evidence = line.memory.evidence ?? [];
    if (evidence.some((e) => seen.has(e))) add(`${kind(line)} lines whose turn is already in the block`);
    for (const e of evidence) seen.add(e);
  }
}

function classify(asked: Asked, list: string[]): void {
  const { question } = asked;
  const at = (budgetTokens: number) => recall(asked.index, { ...asked.input, budgetTokens });
  const small = at(SMALL);
  composition(small);
  if (shareHeld(question, small.lines) > 0) return;
  const placed = ahead(at(UNLIMITED).lines, question.evidence);
  const ranked = () =>
    rankLines(asked.index, { ...asked.input, budgetTokens: SMALL }).ranked.some((r) =>
      holds(r, question.evidence),
    );
  let cause: string;
  if (shareHeld(question, at(LARGE).lines) > 0)
    cause = `cut by the budget: ${placed ? kind(placed.found) : '?'}`;
  else if (placed) cause = `ranked below what ${LARGE} tokens hold: ${kind(placed.found)}`;
  else if (ranked()) cause = 'ranked, dropped by the packer (pool or near-duplicate)';
  else cause = `never ranked: ${neverRanked(asked)}`;
  add(`missed | all | ${cause}`);
  add(`missed | ${asked.store.part} | ${cause.split(':')[0]}`);
  if (placed && cause.startsWith('cut')) {
    add('cut | questions');
    add('cut | tokens ahead', placed.tokensAhead);
    add('cut | sessions ahead', placed.sessions);
    for (const [k, v] of Object.entries(placed.spent)) add(`cut | ${k} ahead`, v);
  }
  const where = placed ? `, ${placed.tokensAhead} tokens ahead` : '';
  list.push(`${asked.store.id} ${question.evidence.join(',')} | ${cause}${where} | ${question.question}`);
}

const list: string[] = [];
for await (const asked of askAll(loadLocomo(values.dataset, 'both'))) classify(asked, list);

const per = (key: string, by: string) =>
  key === by
    ? (counts.get(key) ?? 0)
    : Math.round(((counts.get(key) ?? 0) / Math.max(1, counts.get(by) ?? 0)) * 10) / 10;
const entries = [...counts.keys()].sort();
console.log(
  JSON.stringify(
    {
      budgets: [SMALL, LARGE],
      missedAtSmall: Object.fromEntries(
        entries.filter((k) => k.startsWith('missed')).map((k) => [k, counts.get(k)]),
      ),
      cutByTheBudget: Object.fromEntries(
        entries.filter((k) => k.startsWith('cut |')).map((k) => [k, per(k, 'cut | questions')]),
      ),
      perBlockAtSmall: Object.fromEntries(
        entries.filter((k) => !/^(missed|cut)/.test(k)).map((k) => [k, per(k, 'blocks')]),
      ),
      ...(values.list ? { list } : {}),
    },
    null,
    2,
  ),
);
