import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendMessage } from '../../lib/messaging/send';
import type { WebLlmDownload } from '../../lib/model/webllm';
import { checkGpu, type GpuLike, type GpuStatus } from '../../lib/providers/gpu';
import { webllmDownloadsItem } from '../../lib/providers/downloads';
import { offeredModels, type WebLlmModelInfo } from '../../lib/providers/webllm-models';
import { downloadFailureWords } from './downloadWords';
import { Button } from '../shared/ui';
import { useAction } from '../shared/useAction';

/** navigator.gpu, typed loosely: TypeScript's DOM lib may not carry WebGPU. */
function webGpu(): GpuLike | undefined {
  return (navigator as Navigator & { gpu?: GpuLike }).gpu;
}

export function useGpuStatus(): GpuStatus | null {
  const [status, setStatus] = useState<GpuStatus | null>(null);
  useEffect(() => {
    void checkGpu(webGpu()).then(setStatus);
  }, []);
  return status;
}

function useDownloads(): Record<string, WebLlmDownload> {
  const [downloads, setDownloads] = useState<Record<string, WebLlmDownload>>({});
  useEffect(() => {
    void webllmDownloadsItem.getValue().then(setDownloads);
    return webllmDownloadsItem.watch(setDownloads);
  }, []);
  return downloads;
}

function State({ m, d }: { m: WebLlmModelInfo; d: WebLlmDownload | undefined }) {
  const { t } = useTranslation();
  if (!d) return <span className="muted">{t('webllm.notDownloaded', { size: m.vramMb * 1e6 })}</span>;
  if (d.state === 'ready') return <span>{t('webllm.downloaded', { size: d.totalBytes })}</span>;
  // The offscreen document's code for a refused file, worded here (#37).
  if (d.state === 'failed')
    return (
      <span role="alert" className="error">
        {d.error && downloadFailureWords(t, m.label, d.error)}
      </span>
    );
  const line = d.totalBytes
    ? t('webllm.downloading', { name: m.label, done: d.doneBytes, total: d.totalBytes })
    : t('webllm.listing', { name: m.label });
  return (
    <label className="stack">
      <span>{line}</span>
      <progress max={d.totalBytes || 1} value={d.doneBytes} />
    </label>
  );
}

function ModelRow({ m, d }: { m: WebLlmModelInfo; d: WebLlmDownload | undefined }) {
  const { t } = useTranslation();
  const load = useAction(() => sendMessage('webllmLoad', { model: m.id }));
  const remove = useAction(() => sendMessage('webllmDelete', { model: m.id }));
  // A failed download continues where it stopped: Retry, named after the model for a screen reader.
  const [word, named] =
    d?.state === 'failed' ? (['retry', 'retryModel'] as const) : (['download', 'downloadModel'] as const);
  return (
    <li className="stack tight">
      <strong>{m.label}</strong>
      <State m={m} d={d} />
      <div className="row">
        {d?.state !== 'ready' && d?.state !== 'downloading' && (
          <Button
            aria-label={t(`webllm.${named}`, { name: m.label })}
            busy={load.busy}
            onClick={() => void load.run()}
          >
            {t(`webllm.${word}`)}
          </Button>
        )}
        {d && d.state !== 'downloading' && (
          <Button
            aria-label={t('webllm.deleteModel', { name: m.label })}
            busy={remove.busy}
            onClick={() => void remove.run()}
          >
            {t('webllm.delete')}
          </Button>
        )}
      </div>
      {(load.error ?? remove.error) && (
        <p role="alert" className="error">
          {load.error ?? remove.error}
        </p>
      )}
    </li>
  );
}

/** The on-device embedder (#35): "Match by meaning" with no key, named as Settings names it. */
function Embedder({ gpu, downloads }: { gpu: { f16: boolean }; downloads: Record<string, WebLlmDownload> }) {
  const { t } = useTranslation();
  const setting = t('settings.field.recall.semantic.label');
  return (
    <>
      <h3>{t('webllm.embedderTitle', { setting })}</h3>
      <p className="muted">{t('webllm.embedderText', { setting, settings: t('options.nav.settings') })}</p>
      <ul aria-label={t('webllm.embedder')} className="stack">
        {offeredModels(gpu.f16, 'embedding').map((m) => (
          <ModelRow key={m.id} m={m} d={downloads[m.id]} />
        ))}
      </ul>
    </>
  );
}

/** WebLLM: GPU status, and when usable the models this build ships for this GPU, each with its weights (#35). */
export function WebLlmPanel({ gpu }: { gpu: GpuStatus | null }) {
  const { t } = useTranslation();
  const downloads = useDownloads();
  if (!gpu) return <p className="muted">{t('webllm.checking')}</p>;
  if (!gpu.usable)
    return (
      <p role="status" className="card">
        {t(`webllm.noGpu.${gpu.fault}`)}
      </p>
    );
  const models = offeredModels(gpu.f16);
  if (models.length === 0)
    return (
      <p role="status" className="card">
        {t('webllm.noLibs')}
      </p>
    );
  return (
    <div className="card stack">
      <h2>{t('model.kind.webllm')}</h2>
      <p role="status">{t('webllm.usable', { gpu: gpu.name })}</p>
      <ul aria-label={t('webllm.models')} className="stack">
        {models.map((m) => (
          <ModelRow key={m.id} m={m} d={downloads[m.id]} />
        ))}
      </ul>
      <Embedder gpu={gpu} downloads={downloads} />
    </div>
  );
}
