// Reply shapes seen from real models (#12): each reply below is how that model family answers the extraction
// prompt; the parser must take the JSON out of every one, or fail with an error that says why.
import { describe, expect, test } from 'vitest';
import { ExtractionOutput } from '../../prompts/schemas';
import { balancedEnd, extractJsonText, parseReply } from './parse';

const MEMORY = {
  text: 'Wants code samples in ```ts fences, never ```js.',
  type: 'instruction',
  priority: -1,
  confidence: 0.95,
  attributedTo: 'user',
  occurredStart: null,
  occurredEnd: null,
  sourceTurns: [3],
};
const BODY = JSON.stringify({ memories: [MEMORY] }, null, 2);
const OSLO =
  '{"memories":[{"text":"Lives in Oslo.","type":"profile","priority":60,"confidence":0.9,"attributedTo":"user","occurredStart":null,"occurredEnd":null,"sourceTurns":[1]}]}';

const texts = (reply: string) => {
  const r = parseReply(reply, ExtractionOutput);
  if (!r.ok) throw new Error(r.error);
  return r.data.memories.map((m) => m.text);
};

describe('replies that parse', () => {
  test.each([
    ['json_schema mode (gpt-4o-mini): the bare object', OSLO],
    ['json_object mode (Llama 3.2 on Ollama): a ```json fence', `\`\`\`json\n${OSLO}\n\`\`\``],
    ['an unlabelled fence with trailing spaces', `\`\`\`  \n${OSLO}\n\`\`\`  \n`],
    [
      'Claude without tool use: prose, a fence, an offer',
      `Here are the durable memories I found in the new turns:\n\n\`\`\`json\n${OSLO}\n\`\`\`\n\nLet me know if you want me to adjust anything.`,
    ],
    [
      'a brace in the leading prose (Mistral 7B)',
      `Based on the {NEW TURNS} section, here is the JSON:\n${OSLO}`,
    ],
    [
      'a brace in the trailing prose',
      `${OSLO}\n\nNote: I skipped the greeting {as instructed} and the thanks.`,
    ],
    [
      'a turn label in the prose parses as JSON [1] but not as the schema',
      `Turn [1] says where the user lives. ${OSLO}`,
    ],
    [
      'a reasoning model thinking aloud with draft JSON (DeepSeek-R1 on Ollama)',
      `<think>\nThe user says "I live in Oslo". Draft: {"memories": [{"text": "Oslo"}]}. Fill every field.\n</think>\n\n${OSLO}`,
    ],
  ])('%s', (_name, reply) => expect(texts(reply)).toEqual(['Lives in Oslo.']));

  test('valid JSON whose string holds ``` parses whole, bare or fenced', () => {
    expect(texts(BODY)).toEqual([MEMORY.text]);
    expect(texts(`\`\`\`json\n${BODY}\n\`\`\``)).toEqual([MEMORY.text]);
    expect(texts(`Sure!\n\`\`\`json\n${BODY}\n\`\`\`\nDone.`)).toEqual([MEMORY.text]);
  });

  test('a fence is stripped only at the start: a fenced example after the JSON is not taken', () => {
    const reply = `${OSLO}\n\nThe format you asked for:\n\`\`\`json\n{"memories": []}\n\`\`\``;
    expect(texts(reply)).toEqual(['Lives in Oslo.']);
  });

  test('extractJsonText keeps the old shapes', () => {
    expect(extractJsonText('```\n{"items":["}"]}\n```')).toBe('{"items":["}"]}');
    expect(extractJsonText('Sure! Here you go:\n{"items":["a"]}\nHope that helps.')).toBe('{"items":["a"]}');
    expect(extractJsonText('  {"items":[]}  ')).toBe('{"items":[]}');
  });
});

describe('replies that fail say why', () => {
  test('a reply cut off by the output limit', () => {
    const r = parseReply(OSLO.slice(0, 60), ExtractionOutput);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/ends before its JSON closes/);
  });

  test('JSON of the wrong shape names the path', () => {
    const r = parseReply('```json\n{"memories":[{"text":1}]}\n```', ExtractionOutput);
    expect(!r.ok && r.error).toMatch(/^Does not match the schema: memories\.0\.text/);
  });

  test('prose only', () => {
    const r = parseReply('I could not find any durable facts.', ExtractionOutput);
    expect(!r.ok && r.error).toMatch(/^Not valid JSON/);
  });

  test('a long reply full of stray brackets is bounded', () => {
    // About a 4,096-token reply (the Anthropic max_tokens) of stray brackets.
    const noise = '{ ['.repeat(5_000);
    const t0 = performance.now();
    expect(parseReply(`${noise}${OSLO}`, ExtractionOutput).ok).toBe(false);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

test('balancedEnd ignores brackets inside strings and escaped quotes', () => {
  const s = 'x {"a":"}\\"]","b":[1,{"c":"{"}]} y';
  expect(s.slice(2, balancedEnd(s, 2))).toBe('{"a":"}\\"]","b":[1,{"c":"{"}]}');
  expect(balancedEnd('{"a":1', 0)).toBe(-1);
});
