// Why a local model's download stopped (#35), in the person's language (#37): the offscreen document sends a code
// with the file and the server's status or the browser's error, quoted here. A failure stored before #37 is text,
// shown quoted.
import type { TFunction } from 'i18next';
import type { WebLlmDownload } from '../../lib/model/webllm';

export function downloadFailureWords(
  t: TFunction,
  model: string,
  e: NonNullable<WebLlmDownload['error']>,
): string {
  if (typeof e === 'string') return t('activity.quoted', { text: e });
  switch (e.code) {
    case 'refused':
      return e.file === null
        ? t('webllm.failure.revisionRefused', { model, status: e.status })
        : t('webllm.failure.refused', { file: e.file, status: e.status });
    case 'unreachable':
      return e.file === null
        ? t('webllm.failure.revisionUnreachable', { model, error: e.error })
        : t('webllm.failure.unreachable', { file: e.file, error: e.error });
    case 'not-stored':
      return t('webllm.failure.notStored', { file: e.file });
    case 'no-revision':
      return t('webllm.failure.noRevision', { model });
    case 'not-expected':
      return t('webllm.failure.notExpected', { file: e.file });
    case 'no-tokenizer':
      return t('webllm.failure.noTokenizer', { model });
  }
}
