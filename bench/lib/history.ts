// A seeded generator of ChatGPT data exports (conversations.json) shaped like a real user's history, for
// bench:past and the e2e tests (#13): user turns of 5–200 words, answers of 50–1,500 (log-uniform, so most are
// short and a few are very long, as real ones are), 8–40 turns a conversation, code blocks in about a quarter of
// the answers and Chinese, Russian or Arabic in about one conversation in eight. Every conversation carries one
// made-up word (its needle) in one user turn, so a test can ask for exactly that turn.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mulberry32 } from '../../test/helpers/seeded-random';

const WORDS = (
  'the a to of and in is it you that for on with as this be are can your we will have not or by from at ' +
  'but if what how when which would should could about more some time make just like use one also then ' +
  'there so way need want know first new good each other into than only after before over still well ' +
  'plan trip kitchen garden recipe budget training run week weekend morning evening bread dough oven ' +
  'flight hotel train ticket museum beach mountain lake river city village market coffee tea dinner lunch ' +
  'salary invoice tax pension savings rent mortgage insurance doctor appointment sleep knee back stretch ' +
  'python script function error test build deploy server database query index cache memory thread list ' +
  'string number file folder branch commit review release version package module import export config ' +
  'daughter son partner mother father friend neighbour colleague manager team meeting email deadline ' +
  'project report slide draft chapter novel poem song guitar piano lesson exam course language spanish ' +
  'tomato basil pepper onion garlic lemon chicken rice pasta salad soup cake cookie sugar flour butter'
).split(' ');

const CODE = [
  'const total = items.reduce((sum, item) => sum + item.price, 0);',
  'for line in open(path, encoding="utf-8"):\n    count += 1',
  'SELECT name, COUNT(*) FROM orders GROUP BY name ORDER BY 2 DESC;',
  'git log --oneline --since="2 weeks ago" | wc -l',
  'export function debounce(fn, ms) {\n  let t;\n  return (...a) => (clearTimeout(t), (t = setTimeout(() => fn(...a), ms)));\n}',
  'df = pd.read_csv("data.csv")\ndf.groupby("month")["amount"].sum().plot()',
];

const FOREIGN = [
  '我们下个月去京都看樱花，顺便在岚山住两晚。请帮我列一个行李清单。',
  '这个函数在处理空列表时会报错，应该怎么修改比较好？',
  'Мы поедем на дачу в субботу и посадим помидоры, если не будет дождя.',
  'Помоги составить письмо начальнику о переносе отпуска на август.',
  'أريد وصفة سهلة للعشاء بالدجاج والأرز تكفي أربعة أشخاص.',
  'كيف أتعلم البرمجة بلغة بايثون في ثلاثة أشهر؟',
];

const SYLLABLES = 'ka lo mi ra ten vis dor pel su nar bi gro fen ash tul win'.split(' ');

/** A made-up word unique to conversation `c` (base-16 digits as syllables), never an English word. */
export function needleWord(c: number): string {
  let out = 'zo';
  let n = c + 1;
  while (n > 0) {
    out += SYLLABLES[n % 16];
    n = Math.floor(n / 16);
  }
  return `${out}ix`;
}

/** The fact a conversation's needle turn states, and a draft that asks for it. */
export function needleOf(c: number): { word: string; fact: string; draft: string } {
  const word = needleWord(c);
  return {
    word,
    fact: `My neighbour ${word} lends me his ladder every spring for the gutters.`,
    draft: `Who is ${word} and what does he lend me?`,
  };
}

const pick = <T>(xs: readonly T[], rand: () => number): T => xs[Math.floor(rand() * xs.length)] as T;
const logUniform = (lo: number, hi: number, rand: () => number) =>
  Math.round(Math.exp(Math.log(lo) + rand() * (Math.log(hi) - Math.log(lo))));

function prose(words: number, rand: () => number): string {
  const sentences: string[] = [];
  for (let left = words; left > 0;) {
    const n = Math.min(left, 6 + Math.floor(rand() * 14));
    const s = Array.from({ length: n }, () => pick(WORDS, rand)).join(' ');
    sentences.push(`${s[0]?.toUpperCase()}${s.slice(1)}.`);
    left -= n;
  }
  return sentences.join(' ');
}

function answer(words: number, rand: () => number, foreign: boolean): string {
  const parts = [prose(words, rand)];
  if (rand() < 0.25) parts.push(`\`\`\`\n${pick(CODE, rand)}\n\`\`\``, prose(20, rand));
  if (foreign) parts.push(pick(FOREIGN, rand));
  return parts.join('\n\n');
}

export interface ExportNode {
  id: string;
  message: null | {
    id: string;
    author: { role: string };
    create_time: number;
    content: { content_type: 'text'; parts: string[] };
    recipient: 'all';
    metadata: Record<string, never>;
  };
  parent: string | null;
  children: string[];
}

export interface ExportConversation {
  title: string;
  create_time: number;
  update_time: number;
  conversation_id: string;
  current_node: string;
  mapping: Record<string, ExportNode>;
}

export const conversationId = (c: number) => `b3a7c0de-0000-4000-8000-${String(c).padStart(12, '0')}`;

/** Conversation `c` of a history: the same seed and index always give the same conversation. */
export function conversation(c: number, seed: number): ExportConversation {
  const rand = mulberry32(seed * 100_003 + c);
  const turns = 2 * (4 + Math.floor(rand() * 17));
  const foreign = rand() < 0.125;
  const needleAt = 2 * Math.floor(rand() * (turns / 2));
  const start = Date.parse('2024-01-01T00:00:00Z') / 1000 + rand() * 700 * 86_400;
  const root = `root-${c}`;
  const mapping: Record<string, ExportNode> = {
    [root]: { id: root, message: null, parent: null, children: [] },
  };
  let parent = root;
  for (let i = 0; i < turns; i++) {
    const id = `g${c}-m${i}`;
    const user = i % 2 === 0;
    let text = user
      ? prose(logUniform(5, 200, rand), rand)
      : answer(logUniform(50, 1500, rand), rand, foreign);
    if (i === needleAt) text = `${needleOf(c).fact} ${text}`;
    if (user && foreign && rand() < 0.5) text = `${pick(FOREIGN, rand)} ${text}`;
    const message = {
      id,
      author: { role: user ? 'user' : 'assistant' },
      create_time: start + i * 40,
      content: { content_type: 'text' as const, parts: [text] },
      recipient: 'all' as const,
      metadata: {},
    };
    mapping[id] = { id, message, parent, children: [] };
    mapping[parent]?.children.push(id);
    parent = id;
  }
  const title = prose(3 + Math.floor(rand() * 4), rand).replace(/\.$/, '');
  const times = { create_time: start, update_time: start + turns * 40 };
  return { title, ...times, conversation_id: conversationId(c), current_node: parent, mapping };
}

/** Writes a ChatGPT export of `count` conversations, one at a time (5,000 make ~170 MB); returns its bytes. */
export async function writeExport(path: string, count: number, seed = 13): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (s: string) => {
    bytes += Buffer.byteLength(s);
    if (!out.write(s)) await once(out, 'drain');
  };
  await write('[');
  for (let c = 0; c < count; c++) await write(`${c ? ',' : ''}${JSON.stringify(conversation(c, seed))}`);
  await write(']');
  out.end();
  await once(out, 'finish');
  return bytes;
}

/** Characters of turn text in a history: the raw size the index is compared with. */
export function textChars(count: number, seed = 13): number {
  let n = 0;
  for (let c = 0; c < count; c++)
    for (const node of Object.values(conversation(c, seed).mapping))
      n += node.message?.content.parts.join('').length ?? 0;
  return n;
}
