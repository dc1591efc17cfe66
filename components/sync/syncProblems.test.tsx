// Sync's problems and why it stopped, sent as codes and said in the person's language (#37).
import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { expect, test } from 'vitest';
import { switchLanguage } from '../../lib/i18n/i18n';
import type { SyncProblem, SyncStatus } from '../../lib/model/sync';
import { SyncBody } from './SyncBody';

const status = (over: Partial<SyncStatus>): SyncStatus => ({
  ...{ connected: true, kind: 'webdav', endpoint: 'https://dav.example/engram/', running: false },
  ...{ lastSync: '2026-12-01T10:00:00.000Z', lastError: null, problems: [], devices: 2, review: 0 },
  ...{ ended: false, stopped: null, peers: [], waiting: [] },
  ...over,
});

function Body({ s }: { s: SyncStatus }) {
  const noop = () => undefined;
  return (
    <SyncBody
      status={s}
      onChange={noop}
      focusOn={noop}
      line={createRef()}
      onDisconnected={noop}
      children={null}
    />
  );
}

const problems: SyncProblem[] = [
  { code: 'sync-file', kind: 'unreadable', devices: ['01234567'] },
  { code: 'sync-file', kind: 'forged-end', devices: [] },
];

const items = async () => (await screen.findAllByRole('listitem')).map((li) => li.textContent);

test('problems with remote files are said in Japanese and German, with the devices that wrote them', async () => {
  render(<Body s={status({ problems })} />);
  await act(() => switchLanguage('ja'));
  expect(await items()).toEqual([
    '同期ストレージのファイルを読み取れませんでした（途中で切れているか破損しています）。その内容は何も適用していません。Engram は次の同期で再試行します。（デバイス 01234567 から。）',
    '同期ストレージに、あなたのどのデバイスも書いていない「すべて削除」の通知があります。無視しました。',
  ]);
  await act(() => switchLanguage('de'));
  expect(await items()).toEqual([
    'Eine Datei im Synchronisierungsspeicher konnte nicht gelesen werden (abgeschnitten oder beschädigt); nichts davon wurde übernommen. Engram versucht es bei der nächsten Synchronisierung erneut. (Von Gerät 01234567.)',
    'Der Synchronisierungsspeicher enthält eine Nachricht, alles zu löschen, die keines deiner Geräte geschrieben hat; sie wurde ignoriert.',
  ]);
});

test('several devices take the language’s plural and list (Russian)', async () => {
  const devices = ['01234567', '89abcdef', 'fedcba98'];
  render(<Body s={status({ problems: [{ code: 'sync-file', kind: 'missing', devices }] })} />);
  await act(() => switchLanguage('ru'));
  expect((await items())[0]).toMatch(/\(С устройств 01234567, 89abcdef и fedcba98\.\)$/);
});

test('why sync stopped is said from its code, in German', async () => {
  render(<Body s={status({ connected: false, ended: true, stopped: 'rotated' })} />);
  await act(() => switchLanguage('de'));
  expect(
    await screen.findByText(/^Der Synchronisierungsschlüssel wurde auf einem anderen Gerät geändert/),
  ).toBeTruthy();
});

test('a problem stored in English before the upgrade still shows, quoted', async () => {
  const old = 'A file is missing from the sync storage; nothing after it from that device was applied.';
  render(<Body s={status({ problems: [old] })} />);
  await act(() => switchLanguage('ja'));
  expect(await items()).toEqual([`「${old}」`]);
});

test('why the last sync failed: a code in Japanese, an English line stored before the upgrade recognised, the storage’s words quoted', async () => {
  const { rerender } = render(<Body s={status({ lastError: { code: 'sync-no-key-file' } })} />);
  await act(() => switchLanguage('ja'));
  expect(
    await screen.findByText(
      '同期に失敗しました：同期フォルダーにキーファイルがありません：空にされたか移動されました。',
    ),
  ).toBeTruthy();
  rerender(
    <Body s={status({ lastError: 'Sync: this device lost its key; connect again with the passphrase' })} />,
  );
  expect(
    await screen.findByText(
      '同期に失敗しました：このデバイスは同期キーを失いました：パスフレーズでもう一度接続してください。',
    ),
  ).toBeTruthy();
  rerender(<Body s={status({ lastError: 'PROPFIND https://dav.example/engram/: HTTP 507' })} />);
  expect(
    await screen.findByText('同期に失敗しました：「PROPFIND https://dav.example/engram/: HTTP 507」'),
  ).toBeTruthy();
});
