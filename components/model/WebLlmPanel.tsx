import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { WebLlmProgress } from '../../lib/model/webllm';
import { checkGpu, isBundled, WEBLLM_MODELS, type GpuLike, type GpuStatus } from '../../lib/providers/gpu';
import { webllmProgressItem } from '../../lib/providers/settings';
import { Button, ErrorText } from '../shared/ui';
import { formatBytes } from '../../lib/i18n/formatters';
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

function useProgress(): WebLlmProgress | null {
  const [progress, setProgress] = useState<WebLlmProgress | null>(null);
  useEffect(() => {
    void webllmProgressItem.getValue().then(setProgress);
    return webllmProgressItem.watch(setProgress);
  }, []);
  return progress;
}

function Progress({ p }: { p: WebLlmProgress }) {
  const { t } = useTranslation();
  // The model's name, not web-llm's build id ("Qwen2.5-1.5B-Instruct-q4f16_1-MLC", #16).
  const name = WEBLLM_MODELS.find((m) => m.id === p.model)?.label ?? p.model;
  const percent = Math.round(p.progress * 100);
  const what =
    p.progress >= 1 ? t('webllm.ready', { name, percent }) : t('webllm.downloading', { name, percent });
  return (
    <label className="stack">
      <span>{what}</span>
      <progress max={1} value={p.progress} />
    </label>
  );
}

/** Engram runs no code from the network (#11): a model whose WebGPU library is not packaged cannot run. */
function MissingLibs() {
  const { t } = useTranslation();
  const missing = WEBLLM_MODELS.filter((m) => !isBundled(m));
  if (missing.length === 0) return null;
  return (
    <div role="note" className="muted stack">
      <p>{t('webllm.missing', { models: missing.map((m) => m.label).join(', ') })}</p>
      {/* File names are for whoever builds Engram (#16: details behind a disclosure). */}
      <details>
        <summary>{t('webllm.builders')}</summary>
        {t('webllm.buildersText', { libs: missing.map((m) => m.lib).join(', ') })}
      </details>
    </div>
  );
}

function ModelList({ busy, onLoad }: { busy: boolean; onLoad: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <ul aria-label={t('webllm.models')} className="stack">
      {WEBLLM_MODELS.map((m) => (
        <li key={m.id} className="row">
          {t('webllm.size', { name: m.label, size: formatBytes(m.sizeMb * 1e6, i18n.language) })}
          {isBundled(m) ? '' : ` · ${t('webllm.notBundled')}`}
          <Button
            aria-label={t('webllm.downloadModel', { name: m.label })}
            busy={busy}
            disabled={!isBundled(m)}
            onClick={() => onLoad(m.id)}
          >
            {t('webllm.download')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Local models: GPU status, and when usable the short model list with download sizes (#4). */
export function WebLlmPanel({ gpu }: { gpu: GpuStatus | null }) {
  const { t } = useTranslation();
  const progress = useProgress();
  const load = useAction((model: string) => sendMessage('webllmLoad', { model }));
  if (!gpu) return <p className="muted">{t('webllm.checking')}</p>;
  if (!gpu.usable)
    return (
      <p role="status" className="card">
        {gpu.reason}
      </p>
    );
  return (
    <div className="card stack">
      <p role="status">{t('webllm.usable', { gpu: gpu.name })}</p>
      <ModelList busy={load.busy} onLoad={(id) => void load.run(id)} />
      <MissingLibs />
      {progress && <Progress p={progress} />}
      <ErrorText what={t('webllm.loadFailed')} error={load.error} />
    </div>
  );
}
