// The one analyzer (#28): every script a person writes in becomes terms that a draft sharing a noun also has.
import { describe, expect, test } from 'vitest';
import { compoundParts } from './compounds';
import { excerpts } from './excerpts';
import { terms } from './terms';

const shares = (a: string, b: string) => terms(a).filter((t) => terms(b).includes(t));

describe('terms', () => {
  test('Japanese without spaces: a draft about 抹茶 shares it with the sentence that holds it', () => {
    expect(shares('抹茶ラテの作り方', '私は大阪に住んでいて、毎朝抹茶を飲みます。')).toEqual(['抹茶']);
    // Hiragana writes particles and endings: no term, so they match nothing.
    expect(terms('ています')).toEqual([]);
    expect(terms('大阪に住んでいて')).toEqual(['大阪', '住']);
  });

  test('Korean particles glued to nouns: 호텔을 and 호텔이 share 호텔; polite endings are no term', () => {
    expect(shares('호텔이 어디예요?', '바다가 보이는 호텔을 추천해 주세요.')).toEqual(['호텔']);
    expect(terms('주세요')).toEqual([]);
  });

  test('Chinese runs become pairs: 酒店 in a sentence without spaces', () => {
    expect(shares('那家酒店的早餐怎么样？', '我想订一家离外滩近的酒店。')).toContain('酒店');
  });

  test('Russian inflections share a stem; ё is е', () => {
    expect(shares('Сколько стоит аренда квартиры?', 'Мы ищем квартиру')).toEqual(['квартир']);
    expect(shares('Шкоде', 'Шкода')).toHaveLength(1);
    expect(terms('лёд')).toEqual(terms('лед'));
  });

  test('accents fold, so every index holds "cordoba" whatever the tokenizer beneath does', () => {
    expect(terms('Córdoba Gewächshaus')).toEqual(['cordoba', 'gewachshau']);
    expect(terms('für die')).toEqual(['die']);
  });

  test('English is stemmed as before; full-width letters are the same letters', () => {
    expect(terms('I went hiking and hiked')).toEqual(['went', 'hike', 'hike']);
    expect(terms('ＴｙｐｅＳｃｒｉｐｔ')).toEqual(terms('TypeScript'));
  });

  test('an unknown compound asks for its longest known head and tail', () => {
    const known = new Set(['geig', 'hochzeit', 'stund']);
    expect(compoundParts('geigenstund', (t) => known.has(t))).toEqual(['geig', 'stund']);
    expect(compoundParts('hochzeitsfei', (t) => known.has(t))).toEqual(['hochzeit']);
    expect(compoundParts('kurz', (t) => known.has(t))).toEqual([]);
  });
});

describe('excerpts', () => {
  test('a Japanese reply is cut at 。 and counted two letters a word, not kept whole', () => {
    const reply =
      '嵐山なら渡月橋の近くに老舗の旅館がいくつかあります。紅葉の季節は混み合うので、二か月前には予約しておくと安心です。' +
      '温泉付きなら大原の宿も候補です。';
    const pieces = excerpts(reply);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(reply);
  });
});
