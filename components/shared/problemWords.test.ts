// Why a job waits or failed, and what the background refused, in the person's language (#37); lines stored in
// English before codes are recognised when Engram wrote them and quoted when it did not.
import { beforeAll, expect, test } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n/i18n';
import type { Problem, Said } from '../../lib/model/problem';
import { saidWords } from './problemWords';

beforeAll(async () => {
  await loadLanguage('ja');
  await loadLanguage('de');
  await loadLanguage('ru');
});

const say = (lng: string, said: Said) => saidWords(i18n.getFixedT(lng), lng, said);

const JOB: Problem[] = [
  { code: 'no-model' },
  { code: 'token-cap', tokens: 1_000_000, cap: 1_000_000 },
  { code: 'language', language: 'fr' },
  { code: 'turn-cut', turn: 3, read: 2_400, total: 9_000 },
  { code: 'kept-yours', skipped: 1, toReview: 2 },
  { code: 'model-not-downloaded', model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' },
];

test('why a job waits or stopped, in Japanese and German', () => {
  expect(JOB.map((p) => say('ja', p))).toEqual([
    'メモリーを抽出するにはモデルを選んでください。',
    '1 日のトークン上限に達しました（1,000,000 / 1,000,000）：00:00 UTC まで待ちます。',
    'Chrome の内蔵モデルはフランス語（fr）を読めません：この会話はどこにも送られずに待ちます。「オプション → モデル」でほかの言語用のプロバイダーを選ぶまで待機します。',
    'ターン 3 は 1 回の抽出ジョブで読める長さを超えています：9,000 トークンのうち最初の 2,400 トークンだけを読みました。',
    'このジョブの実行中にあなたがメモリーを編集または削除したため、あなたの版を残しました：1 件の変更は保存していません、2 件の変更をレビューに回しました。',
    'Qwen2.5 1.5B Instruct はまだダウンロードされていません：「オプション → モデル → ダウンロード」。',
  ]);
  expect(JOB.map((p) => say('de', p))).toEqual([
    'Wähle ein Modell, um Erinnerungen zu gewinnen.',
    'Tagesgrenze für Tokens erreicht (1.000.000 von 1.000.000): Es wird bis 00:00 UTC gewartet.',
    'Chromes integriertes Modell liest kein Französisch (fr): Dieses Gespräch wartet, nirgendwohin gesendet, bis du unter Optionen → Modell einen Anbieter für andere Sprachen wählst.',
    'Beitrag 3 ist länger, als ein Extraktionsauftrag liest: Nur die ersten 2.400 von 9.000 Token wurden gelesen.',
    'Du hast die Erinnerung bearbeitet oder gelöscht, während dieser Auftrag lief, und deine Fassung wurde behalten: 1 Änderung nicht gespeichert und 2 Änderungen zum Prüfen geschickt.',
    'Qwen2.5 1.5B Instruct ist noch nicht heruntergeladen: Optionen → Modell → Herunterladen.',
  ]);
});

test('what the background refused, in German, and sync’s reasons in Japanese', () => {
  expect(say('de', { code: 'retry-failed-only', status: 'running' })).toBe(
    'Nur ein fehlgeschlagener Auftrag kann erneut versucht werden (dieser: Wird ausgewertet).',
  );
  expect(say('de', { code: 'vendor-unreadable', site: 'claude', reason: 'HTTP 403' })).toBe(
    'Die gespeicherten Erinnerungen von Claude konnten nicht gelesen werden: „HTTP 403“.',
  );
  expect(say('ja', { code: 'wrong-passphrase' })).toBe(
    'パスフレーズが違うか、Engram の同期キーではありません。',
  );
  expect(say('ja', { code: 'sync-stopped', why: 'rotated' })).toMatch(
    /^別のデバイスで同期キーが変更されました/,
  );
  expect(say('ja', { code: 'weak-passphrase', fault: 'short', length: 5 })).toMatch(
    /^短すぎます：5 文字です（16 文字以上必要です）。推測されにくい 16 文字以上/,
  );
});

test('Russian counts a model’s window in its own plural forms', () => {
  const window = (tokens: number) => say('ru', { code: 'window-small', tokens });
  expect(window(1)).toBe('Окно модели (1 токен на входе) слишком мало для промпта.');
  expect(window(22)).toBe('Окно модели (22 токена на входе) слишком мало для промпта.');
  expect(window(512)).toBe('Окно модели (512 токенов на входе) слишком мало для промпта.');
});

/** What the background stored as a job's or a sync run's last error before #37, as it stored it. */
const OLD = [
  'Choose a model to extract memories',
  'Daily token cap reached (1,000,000 of 1,000,000): waiting until 00:00 UTC',
  "Chrome's built-in model does not read French (fr): this conversation waits, sent nowhere, until you choose a provider for other languages in Options → Model.",
  "Chrome's built-in model is not downloaded yet: Options → Model → Download. Waiting until it is.",
  'Turn 3 is longer than one extraction job reads: only its first 2400 of 9000 tokens were read.',
  '1 change not saved, 2 sent to Review: you edited or deleted the memory while this job ran, and your version was kept.',
  'Qwen2.5 1.5B Instruct is not downloaded yet: Options → Model → Download.',
  'Cancelled: what this job was reading was deleted',
  "The model's window (1500 tokens for input) is too small for the prompt.",
  'Sync: this device lost its key; connect again with the passphrase',
  // Not Engram's words: a provider's error, and a line Engram never wrote.
  'HTTP 503: overloaded',
  'Choose a model to extract memories, please',
];

test('a line stored in English before the upgrade is said in German when Engram wrote it, quoted when not', () => {
  expect(OLD.map((line) => say('de', line))).toEqual([
    'Wähle ein Modell, um Erinnerungen zu gewinnen.',
    'Tagesgrenze für Tokens erreicht (1.000.000 von 1.000.000): Es wird bis 00:00 UTC gewartet.',
    'Chromes integriertes Modell liest kein Französisch (fr): Dieses Gespräch wartet, nirgendwohin gesendet, bis du unter Optionen → Modell einen Anbieter für andere Sprachen wählst.',
    'Chromes integriertes Modell ist noch nicht heruntergeladen: Optionen → Modell → Herunterladen. Es wird gewartet, bis es da ist.',
    'Beitrag 3 ist länger, als ein Extraktionsauftrag liest: Nur die ersten 2.400 von 9.000 Token wurden gelesen.',
    'Du hast die Erinnerung bearbeitet oder gelöscht, während dieser Auftrag lief, und deine Fassung wurde behalten: 1 Änderung nicht gespeichert und 2 Änderungen zum Prüfen geschickt.',
    'Qwen2.5 1.5B Instruct ist noch nicht heruntergeladen: Optionen → Modell → Herunterladen.',
    'Abgebrochen: Was dieser Auftrag las, wurde gelöscht.',
    'Das Fenster des Modells (1.500 Token Eingabe) ist zu klein für den Prompt.',
    'Dieses Gerät hat seinen Synchronisierungsschlüssel verloren: Verbinde dich mit der Passphrase wieder.',
    '„HTTP 503: overloaded“',
    '„Choose a model to extract memories, please“',
  ]);
});

test('in English, the old lines read as before (with their full stop)', () => {
  expect(say('en', OLD[1] ?? '')).toBe(
    'Daily token cap reached (1,000,000 of 1,000,000): waiting until 00:00 UTC.',
  );
  expect(say('en', OLD[10] ?? '')).toBe('“HTTP 503: overloaded”');
});
