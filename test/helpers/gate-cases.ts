// Write-gate rows of the table-driven pipeline cases: redaction, rejection, review mode, provenance, usage.
import { reply } from './pipeline';
import {
  active,
  assistant,
  newEvents,
  SECRET,
  sent,
  texts,
  user,
  withSettings,
  type Case,
} from './pipeline-cases';

export const GATE_CASES: Case[] = [
  {
    name: 'a secret in the conversation never reaches the model or the store',
    turns: [user(`My key is ${SECRET} and my password is hunter2!, I live in Lyon.`)],
    steps: [reply.memories({ text: `Lives in Lyon; API key ${SECRET}.` })],
    check: (o) => {
      expect(sent(o)).not.toContain(SECRET);
      expect(sent(o)).not.toContain('hunter2');
      expect(o.memories[0]?.text).toBe('Lives in Lyon; API key [redacted api key].');
      expect(JSON.stringify(o.events)).not.toContain(SECRET);
    },
  },
  {
    name: 'stored memories (one typed by hand) reach extraction and consolidation prompts redacted (#11)',
    existing: ['Home wifi password is "blue moon rising", router in Lyon.'],
    turns: [user('I moved the router from Lyon to Paris; the wifi password is the same.')],
    steps: [
      reply.memories({ text: 'Moved the wifi router from Lyon to Paris.' }),
      reply.ops({ op: 'NONE', target: 1, reason: 'same' }),
    ],
    check: (o) => {
      expect(o.requests).toHaveLength(2);
      expect(sent(o)).not.toContain('blue moon');
      expect(o.requests[0]?.messages[0]?.content).toContain('password is \\"[redacted password]\\"');
    },
  },
  {
    name: 'redaction can be switched off',
    turns: [user('My password is hunter2! Remember I live in Lyon.')],
    steps: [reply.memories({ text: 'Lives in Lyon.' })],
    settings: withSettings({ redact: false }),
    check: (o) => expect(sent(o)).toContain('hunter2'),
  },
  {
    name: 'a non-English conversation gives memories in its language',
    turns: [
      user("J'habite à Lyon depuis 2019 et je suis infirmière.", '2024-02-01T08:00:00.000Z'),
      assistant('Très bien !'),
    ],
    steps: [reply.memories({ text: 'Habite à Lyon depuis 2019.' }, { text: 'Est infirmière.' })],
    check: (o) => {
      expect(texts(active(o))).toEqual(['Habite à Lyon depuis 2019.', 'Est infirmière.']);
      expect(sent(o)).toContain("J'habite à Lyon");
    },
  },
  {
    name: 'malformed JSON gets one corrective retry with the error, then succeeds',
    turns: [user('I have two cats, Miso and Tofu.')],
    steps: [
      'Sure! Here are the memories: {"memories": [{"text": "Has two cats"',
      reply.memories({ text: 'Has two cats named Miso and Tofu.' }),
    ],
    check: (o) => {
      expect(texts(active(o))).toEqual(['Has two cats named Miso and Tofu.']);
      expect(o.requests[1]?.messages.at(-1)?.content).toMatch(/Not valid JSON/);
      expect(o.usage).toHaveLength(2);
    },
  },
  {
    name: 'malformed JSON twice fails the job, records the error and usage, and writes nothing',
    existing: ['Lives in Oslo.'],
    turns: [user('I have two cats.')],
    steps: ['not json', '{"memories": [{"text": 1}]}'],
    check: (o) => {
      expect(o.memories).toEqual(o.seeded);
      expect(o.jobs[0]).toMatchObject({ status: 'pending', attempts: 1 });
      expect(o.jobs[0]?.lastError).toMatch(/Invalid model output after one retry.*memories\.0\.text/);
      expect(o.usage.map((u) => u.jobId)).toEqual([o.jobs[0]?.id, o.jobs[0]?.id]);
    },
  },
  {
    name: 'an invalid id in an UPDATE becomes an ADD',
    existing: ['Lives in Oslo.'],
    turns: [user('I moved from Oslo to Bergen in March 2026.')],
    steps: [
      reply.memories({ text: 'Moved from Oslo to Bergen in 2026-03.' }),
      reply.ops({
        op: 'UPDATE',
        target: 99,
        text: 'Lives in Bergen since 2026-03, before in Oslo.',
        reason: 'moved',
      }),
    ],
    check: (o) => {
      expect(texts(active(o))).toEqual(['Lives in Oslo.', 'Lives in Bergen since 2026-03, before in Oslo.']);
      expect(newEvents(o)[0]?.reason).toMatch(/unknown memory id: added/);
    },
  },
  {
    name: 'an invalid id in a DELETE is dropped',
    existing: ['Lives in Oslo.'],
    turns: [user('Oslo is not my city any more.')],
    steps: [
      reply.memories({ text: 'No longer lives in Oslo.' }),
      reply.ops({ op: 'DELETE', target: 42, reason: 'moved' }),
    ],
    check: (o) => {
      expect(o.memories).toEqual(o.seeded);
      expect(o.jobs[0]?.status).toBe('done');
    },
  },
  {
    name: 'an invalid id in a NONE, and a non-integer label, never crash',
    existing: ['Lives in Oslo.'],
    turns: [user('Oslo, as always.')],
    steps: [
      reply.memories({ text: 'Lives in Oslo, Norway.' }),
      reply.ops({ op: 'NONE', target: -3, reason: 'same' }),
    ],
    check: (o) => expect(o.jobs[0]?.status).toBe('done'),
  },
  {
    name: 'low confidence, empty, over-long and assistant-centred items are rejected; corrections are kept',
    turns: [user('Maybe I like jazz? Also: no, the capital of Australia is Canberra, not Sydney.')],
    steps: [
      reply.memories(
        { text: 'Might like jazz.', confidence: 0.3 },
        { text: '   ' },
        { text: 'x'.repeat(600) },
        { text: 'The assistant suggested a jazz playlist.', attributedTo: 'assistant' },
        {
          text: 'Corrected the assistant: the capital of Australia is Canberra.',
          type: 'correction',
          attributedTo: 'assistant',
        },
      ),
    ],
    check: (o) =>
      expect(texts(o.memories)).toEqual(['Corrected the assistant: the capital of Australia is Canberra.']),
  },
  {
    name: 'a standing rule gets priority -1; -1 on anything else is reset',
    turns: [user('From now on always answer in British English. I am a teacher.')],
    steps: [
      reply.memories(
        { text: 'Always answer in British English.', type: 'instruction', priority: -1 },
        { text: 'Is a teacher.', priority: -1 },
      ),
    ],
    check: (o) =>
      expect(o.memories.map((m) => [m.type, m.priority])).toEqual([
        ['instruction', -1],
        ['profile', 50],
      ]),
  },
  {
    name: 'review mode stores new memories as pending',
    turns: [user('I play the cello.')],
    steps: [reply.memories({ text: 'Plays the cello.' })],
    settings: withSettings({ reviewMode: true }),
    check: (o) => {
      expect(o.memories.map((m) => m.status)).toEqual(['pending']);
      expect(newEvents(o).map((e) => e.op)).toEqual(['add']);
    },
  },
  {
    name: 'review mode proposes an update as pending and leaves the memory as it was',
    existing: ['Lives in Munich.'],
    turns: [user('I moved to Berlin.')],
    steps: [
      reply.memories({ text: 'Moved from Munich to Berlin.' }),
      reply.ops({ op: 'UPDATE', target: 1, text: 'Lives in Berlin; moved from Munich.', reason: 'moved' }),
    ],
    settings: withSettings({ reviewMode: true }),
    check: (o) => {
      expect(o.memories.map((m) => [m.text, m.status])).toEqual([
        ['Lives in Munich.', 'active'],
        ['Lives in Berlin; moved from Munich.', 'pending'],
      ]);
    },
  },
  {
    name: 'provenance: source turn labels map to real turn ids; an invalid label falls back to the user turns',
    turns: [user('I have a sister, Ana.'), assistant('Nice.'), user('She lives in Rome.')],
    steps: [
      reply.memories(
        { text: 'Has a sister named Ana.', sourceTurns: [1] },
        { text: "The user's sister Ana lives in Rome.", sourceTurns: [77], attributedTo: 'Ana' },
      ),
    ],
    check: (o) => {
      expect(o.memories.map((m) => m.sources[0]?.turnIds)).toEqual([['t0'], ['t0', 't2']]);
      expect(o.memories[0]?.sources[0]).toMatchObject({
        site: 'chatgpt',
        conversationId: 'c1',
        url: 'https://chatgpt.com/c/c1',
      });
      expect(o.memories[1]?.attributedTo).toBe('Ana');
    },
  },
  {
    name: 'nothing durable: the job is done and nothing is written',
    turns: [user('Hi! What is 2 + 2?'), assistant('4')],
    steps: [reply.memories()],
    check: (o) => {
      expect(o.memories).toEqual([]);
      expect(o.jobs[0]).toMatchObject({ status: 'done', toOrder: 1 });
    },
  },
  {
    name: 'only assistant turns are new: no call is made',
    turns: [assistant('Anything else?')],
    steps: [],
    check: (o) => {
      expect(o.requests).toEqual([]);
      expect(o.jobs[0]?.status).toBe('done');
    },
  },
  {
    name: 'usage is recorded per call with tokens and the job id',
    existing: ['Worked in Berlin-Mitte in 2020.'],
    turns: [user('I moved to Berlin.')],
    steps: [
      reply.memories({ text: 'Moved to Berlin.' }),
      reply.ops({ op: 'ADD', text: 'Moved to Berlin.', reason: 'new' }),
    ],
    check: (o) => {
      expect(o.usage).toHaveLength(2);
      expect(
        o.usage.every((u) => u.promptTokens > 100 && u.jobId === o.jobs[0]?.id && u.day === '2026-11-29'),
      ).toBe(true);
    },
  },
];
