// The one rule (#34), as plain data in and out: every signal that can say "private" wins, and where only the site's
// JSON can say "not private" or "the person's own", nothing else stands in for it.
import { describe, expect, test } from 'vitest';
import { confirms, jsonVerdict, pageVerdict, PRIVACY_MARKS, refusalOf, storeVerdict } from './privacy';

const turn = { text: 'Hi' };

describe('the JSON', () => {
  test('private wins over everything else it says', () => {
    expect(jsonVerdict({ private: true, turns: [turn] })).toBe('private');
    expect(jsonVerdict({ private: true, authorsKnown: false, turns: [] })).toBe('private');
    expect(confirms({ private: true, turns: [turn] })).toBe(false);
  });

  test('a thread whose authors it does not name is unconfirmed, whatever its turns', () => {
    expect(jsonVerdict({ private: false, authorsKnown: false, turns: [] })).toBe('unconfirmed');
    expect(confirms({ private: false, authorsKnown: false, turns: [] })).toBe(false);
  });

  test("another account's thread is theirs; a thread with some of theirs is ok but never confirms the page", () => {
    expect(jsonVerdict({ private: false, authorsKnown: true, othersLeftOut: 3, turns: [] })).toBe('others');
    const mixed = { private: false, authorsKnown: true, othersLeftOut: 2, turns: [turn] };
    expect(jsonVerdict(mixed)).toBe('ok');
    expect(confirms(mixed)).toBe(false);
  });

  test('the person’s own chat, named by its address or by its authors, confirms; so does a new, empty one', () => {
    expect(confirms({ private: false, turns: [turn] })).toBe(true);
    expect(confirms({ private: false, authorsKnown: true, othersLeftOut: 0, turns: [turn] })).toBe(true);
    expect(jsonVerdict({ private: false, turns: [] })).toBe('ok');
  });
});

describe('the page and the background', () => {
  test('a private signal or mark wins on every site', () => {
    for (const needs of [true, false]) {
      expect(pageVerdict(needs, true, 'confirmed')).toBe('private');
      expect(pageVerdict(needs, false, 'private')).toBe('private');
    }
  });

  test('where only the JSON can tell, the page alone is never enough (fail closed)', () => {
    expect(pageVerdict(true, false, null)).toBe('unconfirmed');
    expect(pageVerdict(true, false, 'confirmed')).toBe('ok');
    expect(pageVerdict(false, false, null)).toBe('ok');
  });

  test('the background refuses a private chat from any read, and an unconfirmed page', () => {
    expect(storeVerdict('api', true, 'private')).toBe('private');
    expect(storeVerdict('page', false, 'private')).toBe('private');
    expect(storeVerdict('page', true, null)).toBe('unconfirmed');
    expect(storeVerdict('page', true, 'confirmed')).toBe('ok');
    expect(storeVerdict('api', true, null)).toBe('ok');
    expect(storeVerdict('page', false, null)).toBe('ok');
  });
});

describe('what a refused capture says', () => {
  test('private says private; unconfirmed names the site; ok refuses nothing', () => {
    expect(refusalOf('grok', 'private')).toEqual({ code: 'private-chat' });
    expect(refusalOf('grok', 'unconfirmed')).toEqual({ code: 'unconfirmed', site: 'grok' });
    expect(refusalOf('grok', 'ok')).toBeNull();
  });

  test('a page read of a chat its JSON must vouch for is refused under every mark but confirmed', () => {
    const refused = [...PRIVACY_MARKS, null].map((mark) =>
      refusalOf('grok', storeVerdict('page', true, mark)),
    );
    expect(refused).toEqual([{ code: 'private-chat' }, null, { code: 'unconfirmed', site: 'grok' }]);
  });
});
