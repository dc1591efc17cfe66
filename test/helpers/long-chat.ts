// A heavy user's conversation (#12, TEAM.md: ChatGPT answers run 300–1,500 words): 20 questions with personal
// details and 20 markdown answers of 300–1,500 words, deterministic, for the job-size tests and bench.
import type { CaseTurn } from './pipeline';

const TOPICS = [
  'moving from Leeds to Porto with my two kids',
  'my new job as a hospital pharmacist',
  'training for the Berlin marathon in September',
  'my daughter Ana starting school',
  'learning Portuguese before the move',
  'renting out my flat in Leeds',
  'my partner Sam, who works remotely for a bank',
  'choosing a school near Boavista',
  'my knee injury from last spring',
  'our dog Biscuit and the flight rules',
];

const WORDS =
  'the a plan school visa rent contract lease budget schedule neighbourhood commute paperwork tax bank account residence permit doctor clinic insurance transport metro tram bus kit shoes pace tempo interval recovery stretch physio knee weekly long run taper race route deposit landlord agent inventory notice utilities broadband council letter appointment embassy translation certificate vaccine carrier crate airline cabin hold weight fee deadline checklist option cost month week day morning evening early late first second next then also still only about around within before after during'.split(
    ' ',
  );

/** Mulberry32: the same conversation on every machine. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(r: () => number): string {
  const n = 8 + Math.floor(r() * 14);
  const words = Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]!);
  const s = words.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

function paragraph(r: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(r)).join(' ');
}

/** A markdown answer of about `words` words: headings, paragraphs, a list, sometimes a table or code. */
function answer(r: () => number, topic: string, words: number): string {
  const blocks = [`Great question about ${topic}. Here is how I would approach it.`];
  let count = 12;
  for (let section = 1; count < words; section++) {
    blocks.push(`## ${section}. ${sentence(r).slice(0, 40).trim()}`);
    const p = paragraph(r, 3 + Math.floor(r() * 3));
    const items = Array.from(
      { length: 3 + Math.floor(r() * 3) },
      () => `- **${sentence(r).split(' ')[0]}**: ${sentence(r)}`,
    );
    blocks.push(p, items.join('\n'));
    const km = () => 4 + Math.floor(r() * 20);
    if (section % 3 === 0)
      blocks.push(
        `\`\`\`text\nweek ${section}: 3 x ${km()} km easy\nweek ${section + 1}: ${km()} km, one tempo\n\`\`\``,
      );
    count += [p, ...items].join(' ').split(/\s+/).length;
  }
  blocks.push('Would you like me to turn this into a checklist with dates?');
  return blocks.join('\n\n');
}

export function longChat(seed = 12): CaseTurn[] {
  const r = rng(seed);
  const turns: CaseTurn[] = [];
  for (let i = 0; i < 20; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const detail = paragraph(r, 1 + Math.floor(r() * 6));
    turns.push({ role: 'user', text: `Question ${i + 1}: I need help with ${topic}. ${detail}` });
    turns.push({ role: 'assistant', text: answer(r, topic, 300 + Math.floor(r() * 1200)) });
  }
  return turns;
}

/** The new turns an extraction request carried, un-indented: one entry per turn or piece. */
export function sentTurns(user: string): { label: number; role: string; text: string }[] {
  const start = user.indexOf('=== NEW TURNS (extract from these) ===\n');
  const end = user.lastIndexOf('\n=== END ===');
  if (start < 0 || end < 0) return [];
  const out: { label: number; role: string; text: string }[] = [];
  for (const line of user.slice(start, end).split('\n').slice(1)) {
    const head = /^\[(\d+)\] (.+?)(?: \(\d{4}-\d{2}-\d{2}\))?: (.*)$/.exec(line);
    if (head) out.push({ label: Number(head[1]), role: head[2]!, text: head[3]! });
    else if (out.length) out[out.length - 1]!.text += `\n${line.replace(/^ {4}/, '')}`;
  }
  return out;
}
