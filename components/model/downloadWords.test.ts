// A local model's failed download, sent as a code, in the person's language (#37); one stored before, quoted.
import { beforeAll, expect, test } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n/i18n';
import type { DownloadFailure } from '../../lib/model/webllm';
import { downloadFailureWords } from './downloadWords';

const MODEL = 'Qwen2.5 1.5B Instruct';
const FAILURES: DownloadFailure[] = [
  { code: 'refused', file: 'params_shard_3.bin', status: 403 },
  { code: 'unreachable', file: 'tokenizer.json', error: 'Failed to fetch' },
  { code: 'refused', file: null, status: 429 },
  { code: 'not-stored', file: 'params_shard_0.bin' },
  { code: 'no-revision' },
  { code: 'not-expected', file: 'ndarray-cache.json' },
  { code: 'no-tokenizer' },
];

beforeAll(async () => {
  await loadLanguage('ja');
  await loadLanguage('de');
});

const words = (lng: string) => FAILURES.map((f) => downloadFailureWords(i18n.getFixedT(lng), MODEL, f));

test('each download failure is said in Japanese and German, the browser’s error quoted', () => {
  expect(words('ja')).toEqual([
    'params_shard_3.bin をダウンロードできませんでした：サーバーの応答は 403 でした。',
    'tokenizer.json をダウンロードできませんでした：「Failed to fetch」。',
    'Qwen2.5 1.5B Instruct のどのリビジョンをダウンロードするか Hugging Face に問い合わせできませんでした：サーバーの応答は 429 でした。',
    'params_shard_0.bin を保存できませんでした：ブラウザーのストレージが拒否しました。',
    'Hugging Face は Qwen2.5 1.5B Instruct のリビジョンを示しませんでした。',
    'ndarray-cache.json は WebLLM が想定する内容ではありません。',
    'Qwen2.5 1.5B Instruct には WebLLM が読めるトークナイザーが指定されていません。',
  ]);
  expect(words('de')).toEqual([
    'params_shard_3.bin konnte nicht heruntergeladen werden: Der Server antwortete 403.',
    'tokenizer.json konnte nicht heruntergeladen werden: „Failed to fetch“.',
    'Hugging Face konnte nicht gefragt werden, welche Revision von Qwen2.5 1.5B Instruct herunterzuladen ist: Der Server antwortete 429.',
    'params_shard_0.bin konnte nicht gespeichert werden: Der Speicher des Browsers hat es abgelehnt.',
    'Hugging Face hat nicht gesagt, welche Revision Qwen2.5 1.5B Instruct ist.',
    'ndarray-cache.json ist nicht das, was WebLLM erwartet.',
    'Qwen2.5 1.5B Instruct nennt keinen Tokenizer, den WebLLM lesen kann.',
  ]);
});

test('a failure stored in English before the upgrade still shows, quoted', () => {
  const old = 'Could not download params_shard_3.bin: the server answered 403.';
  expect(downloadFailureWords(i18n.getFixedT('de'), MODEL, old)).toBe(`„${old}“`);
});
