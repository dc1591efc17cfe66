// Held-out Gemini layouts (#36): the misses the issue names on pages the reader had never seen (a sidebar listing
// conversations lost every prompt; a late-2025 Korean page gave nothing), rebuilt by hand, since those pages are
// not in ../shared: the reader must read them whole.
import { loadPage } from '../../../test/fixtures/pages/load';
import { findComposer, findThread, parseTurns } from './parse';

describe('Gemini, held out: sidebar of conversations, no thread names, prompts beside their exchanges, Korean', () => {
  const doc = loadPage('gemini-2025-held-out.html');

  it('reads all three prompts and answers, and no conversation title or label', () => {
    expect(parseTurns(doc).map((t) => [t.role, t.text])).toEqual([
      ['user', '김치는 얼마나 발효해야 하나요?'],
      ['assistant', '실온에서 하루, 그다음 냉장고에서 2주 정도가 좋습니다.'],
      ['user', '소금은 얼마나 넣나요?\n배추 한 포기 기준으로요.'],
      ['assistant', '배추 한 포기에 굵은 소금 한 컵이면 됩니다.\n\n6시간 절이기\n두 번 헹구기'],
      ['user', '고마워요!'],
      ['assistant', '맛있게 담그세요.'],
    ]);
  });

  it('takes the chat’s scroller for the thread, not the sidebar’s, and Quill’s editor for the composer', () => {
    expect(findThread(doc)?.classList.contains('chat-history')).toBe(true);
    expect(findComposer(doc)?.classList.contains('ql-editor')).toBe(true);
  });
});
