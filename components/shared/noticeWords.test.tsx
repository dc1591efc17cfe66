// The background's capture codes in the person's language (#37), and lines stored in English before them.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { i18n, loadLanguage, switchLanguage } from '../../lib/i18n/i18n';
import type { CaptureProblem, CaptureStatus as Status } from '../../lib/model/messages';
import type { CaptureNotice } from '../../lib/model/notice';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { settingsItem } from '../../lib/settings';
import { captureProblemsItem, clearCaptureProblems, setTabStatus } from '../../lib/store/status';
import { CaptureProblems } from '../activity/CaptureProblems';
import { CaptureStatus } from '../popup/CaptureStatus';
import { usePopupSite } from '../popup/popupSite';
import { healthLabel } from '../conversations/ConversationsSection';
import { saidText } from './noticeWords';

const NOTICES: CaptureNotice[] = [
  { code: 'capture-paused' },
  { code: 'site-off', site: 'chatgpt' },
  { code: 'incognito' },
  { code: 'temporary-chat' },
  { code: 'private-chat' },
  { code: 'unconfirmed', site: 'perplexity' },
  {
    ...{ code: 'tab-limit', limit: 'day', most: { captures: 0, turns: 20_000, bytes: 100_000_000 } },
    refused: { captures: 2, turns: 7, bytes: 1_234 },
  },
  { code: 'unread', count: 2, siteData: 'HTTP 404' },
  { code: 'no-turns', unread: 0, siteData: null },
];

const problem = (detail: CaptureProblem['detail'], i: number): CaptureProblem => ({
  ...{ site: 'claude', conversationId: `c${i}`, url: `https://claude.ai/chat/c${i}`, kind: 'broken' },
  ...{ detail, at: '2026-12-01T10:00:00.000Z' },
});

async function shown(lng: string): Promise<string[]> {
  await act(() => switchLanguage(lng));
  const details = await screen.findAllByText((_, el) => el?.matches('li > span:last-child') ?? false);
  return details.map((d) => d.textContent ?? '');
}

beforeEach(async () => {
  await clearCaptureProblems();
});

function Popup() {
  return <CaptureStatus site={usePopupSite()} />;
}

test('the popup says why a tab is not captured, and a paused tab’s limit, in Japanese and German', async () => {
  history.replaceState(null, '', '/popup.html?tab=7');
  await settingsItem.setValue(DEFAULT_SETTINGS);
  const status: Omit<Status, 'state' | 'lastError'> = {
    ...{ site: 'chatgpt', conversationId: 'c1', url: 'https://chatgpt.com/c/c1', strategy: 'api' },
    ...{ turnsSeen: 3, turnsStored: 0, checkedAt: '2026-12-01T10:00:00.000Z' },
  };
  await setTabStatus(7, { ...status, state: 'off', lastError: { code: 'incognito' } });
  render(<Popup />);
  await act(() => switchLanguage('ja'));
  expect(await screen.findByText('記録していません：シークレットウィンドウは記録しません。')).toBeTruthy();
  await act(() => switchLanguage('de'));
  expect(
    await screen.findByText('Keine Aufzeichnung: Inkognito-Fenster werden nicht aufgezeichnet.'),
  ).toBeTruthy();
  const refused = { captures: 1, turns: 1, bytes: 800 };
  const most = { captures: 120, turns: 0, bytes: 0 };
  await act(() =>
    setTabStatus(7, {
      ...status,
      state: 'limited',
      lastError: { code: 'tab-limit', limit: 'minute', most, refused },
    }),
  );
  expect(
    await screen.findByText(
      'Engram hat die Aufzeichnung in diesem Tab pausiert: Er hat mehr als 120 Aufzeichnungen in einer Minute gesendet.',
    ),
  ).toBeTruthy();
  expect(
    screen.getByText('Nicht gespeichert: 1 Aufzeichnung mit bis zu 1 neuen Beitrag (800 Byte).'),
  ).toBeTruthy();
});

test('each capture notice is said in Japanese and in German, with a site’s words quoted (#37)', async () => {
  await captureProblemsItem.setValue(NOTICES.map(problem));
  render(<CaptureProblems />);
  expect(await shown('ja')).toEqual([
    '記録は一時停止中です。',
    'ChatGPT では Engram はオフです。',
    'シークレットウィンドウは記録しません。',
    '一時チャットは記録しません。',
    'このチャットはプライベートです：Engram は何も保存しません。',
    'このチャットがプライベートではなくあなた自身のものだと示せるのは Perplexity 自身のデータだけですが、まだ示されていません。',
    'Engram はこのタブでの記録を 00:00 UTC まで一時停止しました：今日 20,000 ターンまたは 100 MB を超えるチャットを保存しました。 保存されなかったもの：2 回の記録、最大 7 件の新しいターン（1.2 KB）。',
    'ページの 2 件のメッセージを読み取れなかったため、除外しました。 サイトのデータ：「HTTP 404」。',
    'このページにターンが見つかりません：サイトの構造が変わった可能性があります。',
  ]);
  expect(await shown('de')).toEqual([
    'Die Aufzeichnung ist pausiert.',
    'Engram ist für ChatGPT ausgeschaltet.',
    'Inkognito-Fenster werden nicht aufgezeichnet.',
    'Temporäre Chats werden nie aufgezeichnet.',
    'Dieser Chat ist privat: Engram behält nichts davon.',
    'Nur die eigenen Daten von Perplexity können sagen, dass dieser Chat nicht privat und deiner ist, und das haben sie nicht.',
    'Engram hat die Aufzeichnung in diesem Tab bis 00:00 UTC pausiert: Er hat heute mehr als 20.000 Beiträge oder 100 MB Chat gespeichert. Nicht gespeichert: 2 Aufzeichnungen mit bis zu 7 neuen Beiträgen (1,2 kB).',
    '2 Nachrichten auf der Seite konnten nicht gelesen werden und fehlen. Daten der Website: „HTTP 404“.',
    'Auf dieser Seite wurden keine Beiträge gefunden: Der Aufbau der Website hat sich vielleicht geändert.',
  ]);
});

test('counts take Russian’s one, few and many forms (#37)', async () => {
  await loadLanguage('ru');
  const t = i18n.getFixedT('ru');
  const unread = (count: number) => saidText(t, { code: 'unread', count, siteData: null });
  expect([1, 3, 5, 21].map(unread)).toEqual([
    '1 сообщение на странице не удалось прочитать, оно пропущено.',
    '3 сообщения на странице не удалось прочитать, они пропущены.',
    '5 сообщений на странице не удалось прочитать, они пропущены.',
    '21 сообщение на странице не удалось прочитать, оно пропущено.',
  ]);
  const paused = (captures: number, turns: number) =>
    saidText(t, {
      ...{ code: 'tab-limit', limit: 'minute', most: { captures: 120, turns: 0, bytes: 0 } },
      refused: { captures, turns, bytes: 900 },
    });
  expect(paused(1, 1)).toBe(
    'Engram приостановил запись в этой вкладке: она отправила больше 120 записей за минуту. Не сохранено: 1 запись, до 1 новой реплики (900 Б).',
  );
  expect(paused(3, 4)).toMatch(/Не сохранено: 3 записи, до 4 новых реплик \(/);
  expect(paused(5, 11)).toMatch(/Не сохранено: 5 записей, до 11 новых реплик \(/);
  expect(saidText(t, { code: 'no-turns', unread: 2, siteData: null })).toBe(
    '2 сообщения на этой странице не удалось прочитать: возможно, разметка сайта изменилась.',
  );
});

test('after the upgrade, problems stored in English still show: Engram’s own lines in the language, others quoted', async () => {
  // As the version before #37 stored them in local storage (lib/store/status.ts).
  await captureProblemsItem.setValue([
    problem('Engram is off for ChatGPT', 0),
    problem(
      "No turns found on this page: the site's markup may have changed (site data: conversation JSON: HTTP 404)",
      1,
    ),
    problem('2 messages on the page could not be read and were left out', 2),
    problem(
      'Engram paused capture on this tab: it sent more than 120 captures in a minute. Not stored: 1 capture with up to 1 new turns (1 kB).',
      3,
    ),
  ]);
  render(<CaptureProblems />);
  expect(await shown('ja')).toEqual([
    'ChatGPT では Engram はオフです。',
    'このページにターンが見つかりません：サイトの構造が変わった可能性があります。 サイトのデータ：「conversation JSON: HTTP 404」。',
    'ページの 2 件のメッセージを読み取れなかったため、除外しました。',
    '「Engram paused capture on this tab: it sent more than 120 captures in a minute. Not stored: 1 capture with up to 1 new turns (1 kB).」',
  ]);
});

test('a conversation’s health stored in English before the upgrade still says its problem', async () => {
  await loadLanguage('de');
  const health = (lastError: string) => ({
    ...({ strategy: 'none', turnsSeen: 0, turnsStored: 0 } as const),
    ...{ lastError, checkedAt: '2026-12-01T10:00:00.000Z' },
  });
  const t = i18n.getFixedT('de');
  expect(healthLabel(t, health('Temporary chats are never captured'))).toBe(
    'Problem: Temporäre Chats werden nie aufgezeichnet.',
  );
  expect(healthLabel(t, health('HTTP 500 from the site'))).toBe('Problem: „HTTP 500 from the site“');
});
