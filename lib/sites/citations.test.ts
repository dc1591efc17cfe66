// ChatGPT's private-use reference markup never reaches stored text (#12); the words around it stay as read.
import { describe, expect, test } from 'vitest';
import { stripCitations } from './citations';

const cite = (...refs: string[]) => `\uE200cite\uE202${refs.join('\uE202')}\uE201`;

describe('stripCitations', () => {
  test.each([
    [
      'a citation pill after a sentence',
      `Enrolment opens in May ${cite('turn0search0')}.`,
      'Enrolment opens in May.',
    ],
    [
      'several sources in one pill',
      `Prices fell ${cite('turn0search0', 'turn0search3')} in 2025.`,
      'Prices fell in 2025.',
    ],
    [
      'a file citation with a line range',
      `The deposit is two months \uE200filecite\uE202turn0file0\uE202L8-L13\uE201.`,
      'The deposit is two months.',
    ],
    [
      'a linked entity keeps the name the page shows',
      `Schools near \uE200entity\uE202["neighborhood","Boavista","Porto"]\uE201 fill first.`,
      'Schools near Boavista fill first.',
    ],
    [
      'an entity with a plain name',
      'From \uE200entity\uE202Invincible\uE201, the comic.',
      'From Invincible, the comic.',
    ],
    [
      'a link keeps its label',
      'See \uE200url\uE202the council page\uE202https://www.cm-porto.pt/\uE201 now.',
      'See the council page now.',
    ],
    [
      'a news list block',
      'Done.\n\n\uE200navlist\uE202Recent news\uE202turn0news2,turn0news5\uE201',
      'Done.',
    ],
    ['a marker cut off mid-stream', `It opens in May ${'\uE200cite\uE202turn0sea'}`, 'It opens in May'],
    ['stray private-use characters', 'a\uE203b\uE2FFc', 'abc'],
    [
      'the remnant when the characters were already dropped',
      'It opens in May citeturn0search0turn0news1. Apply early.',
      'It opens in May. Apply early.',
    ],
  ])('%s', (_name, input, output) => expect(stripCitations(input)).toBe(output));

  test('ordinary text, code and other private-use ranges are left alone', () => {
    const text = 'I recite poems; `cite(turn)` is code. Icons \uE000\uF8FF stay. Citation needed.';
    expect(stripCitations(text)).toBe(text);
  });
});
