// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseExtractArgs, parseLocomoArgs, parsePromptSet, readKey, UsageError } from './args';

const openai = [
  '--provider',
  'openai-compatible',
  '--base-url',
  'https://api.example/v1',
  '--model',
  'm',
  '--key-env',
  'K',
];

describe('parseExtractArgs', () => {
  it('parses the issue #7 example', () => {
    const a = parseExtractArgs([
      ...openai,
      '--prompt',
      'extraction@v1,consolidation@v1',
      '--min-aggregate',
      '0.8',
    ]);
    expect(a).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'https://api.example/v1',
      model: 'm',
      keyEnv: 'K',
    });
    expect(a.mode).toBe('live');
    expect(a.minAggregate).toBe(0.8);
    expect(a.versions).toEqual([
      { label: 'extraction@v1,consolidation@v1', prompts: { extraction: 'v1', consolidation: 'v1' } },
    ]);
  });

  it('takes several versions, repeated or separated by ";"', () => {
    const a = parseExtractArgs([
      '--provider',
      'scripted',
      '--versions',
      'extraction@v1;extraction@v2',
      '--versions',
      'extraction@v3',
    ]);
    expect(a.versions.map((v) => v.label)).toEqual(['extraction@v1', 'extraction@v2', 'extraction@v3']);
  });

  it('defaults the prompts and accepts the scripted provider with no key', () => {
    const a = parseExtractArgs(['--provider', 'scripted', '--cases', 'secret, japanese']);
    expect(a.versions[0]!.label).toBe('extraction@v1,consolidation@v1');
    expect(a.cases).toEqual(['secret', 'japanese']);
    expect(a.minAggregate).toBeUndefined();
  });

  it('needs no key to replay, and a key env otherwise', () => {
    const noKey = ['--provider', 'anthropic', '--model', 'claude'];
    expect(parseExtractArgs([...noKey, '--replay']).mode).toBe('replay');
    expect(() => parseExtractArgs(noKey)).toThrow(/--key-env VAR is required/);
    expect(parseExtractArgs([...noKey, '--key-env', 'ANTHROPIC_API_KEY', '--record']).mode).toBe('record');
  });

  it('rejects bad combinations with a usage message', () => {
    const bad: [string[], RegExp][] = [
      [[], /--provider must be one of/],
      [['--provider', 'openai'], /--provider must be one of/],
      [['--provider', 'openai-compatible', '--model', 'm', '--key-env', 'K'], /--base-url is required/],
      [['--provider', 'anthropic', '--key-env', 'K'], /--model is required/],
      [[...openai, '--record', '--replay'], /exclude each other/],
      [[...openai, '--min-aggregate', '1.5'], /between 0 and 1/],
      [[...openai, '--prompt', 'extraction'], /not name@version/],
      [[...openai, '--prompt', 'a@v1', '--versions', 'a@v2'], /not both/],
      [[...openai, '--versions', 'a@v1;a@v1'], /listed twice/],
    ];
    for (const [argv, message] of bad) {
      const run = () => parseExtractArgs(argv);
      expect(run, argv.join(' ')).toThrow(UsageError);
      expect(run, argv.join(' ')).toThrow(message);
    }
    expect(() => parseExtractArgs([...openai, '--nope'])).toThrow(/Unknown option/);
  });
});

describe('parseLocomoArgs', () => {
  it('defaults the budget to 1,000 tokens and the memories to extracted', () => {
    const a = parseLocomoArgs(['--provider', 'scripted', '--limit', '20']);
    expect(a).toMatchObject({ budget: 1000, limit: 20, memories: ['extracted'], conversations: [] });
  });

  it('reads the comparison flags', () => {
    const a = parseLocomoArgs([
      ...openai,
      '--answer-model',
      'a',
      '--judge-model',
      'j',
      '--budget',
      '500',
      '--conversations',
      'conv-26,conv-30',
      '--memories',
      'both',
    ]);
    expect(a).toMatchObject({
      answerModel: 'a',
      judgeModel: 'j',
      budget: 500,
      conversations: ['conv-26', 'conv-30'],
      memories: ['both'],
    });
    expect(() => parseLocomoArgs([...openai, '--memories', 'gold'])).toThrow(
      /observations\|extracted\|turns\|both/,
    );
    expect(() => parseLocomoArgs([...openai, '--budget', '0'])).toThrow(/positive integer/);
    const two = parseLocomoArgs([
      '--provider',
      'scripted',
      '--memories',
      'observations,turns',
      '--sessions',
      '2',
    ]);
    expect(two).toMatchObject({ memories: ['observations', 'turns'], sessions: 2 });
  });
});

describe('parsePromptSet and readKey', () => {
  it('rejects a prompt named twice', () => {
    expect(() => parsePromptSet('extraction@v1,extraction@v2')).toThrow(/given twice/);
  });

  it('reads the key from the named variable and never echoes a value', () => {
    const args = parseExtractArgs(openai);
    expect(readKey(args, { K: 'secret-value' })).toBe('secret-value');
    const err = (() => {
      try {
        readKey(args, { OTHER: 'secret-value' });
      } catch (e) {
        return String(e);
      }
    })();
    expect(err).toContain('environment variable K is empty or unset');
    expect(err).not.toContain('secret-value');
  });
});
