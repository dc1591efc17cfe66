import { useEffect, useState } from 'react';
import { sendMessage } from '../lib/messages';
import type { WebLlmProgress } from '../lib/model/webllm';
import { checkGpu, isBundled, WEBLLM_MODELS, type GpuLike, type GpuStatus } from '../lib/providers/gpu';
import { webllmProgressItem } from '../lib/providers/settings';
import { Button } from './ui';
import { useAction } from './useAction';

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
  return (
    <label className="stack">
      <span>
        {p.progress >= 1 ? 'Ready' : 'Downloading'} {p.model}: {Math.round(p.progress * 100)}%
      </span>
      <progress max={1} value={p.progress} />
    </label>
  );
}

const size = (mb: number) => (mb >= 1000 ? `${(mb / 1000).toFixed(1)} GB` : `${mb} MB`);

/** Engram runs no code from the network (#11): a model whose WebGPU library is not packaged cannot run. */
function MissingLibs() {
  const missing = WEBLLM_MODELS.filter((m) => !isBundled(m));
  if (missing.length === 0) return null;
  return (
    <p role="note" className="muted">
      Not in this build: {missing.map((m) => m.label).join(', ')}. Their WebGPU libraries (
      {missing.map((m) => m.lib).join(', ')}) must ship inside the extension, because Engram never downloads
      code; use an API provider meanwhile.
    </p>
  );
}

/** Local models: GPU status, and when usable the short model list with download sizes (#4). */
export function WebLlmPanel({ gpu }: { gpu: GpuStatus | null }) {
  const progress = useProgress();
  const load = useAction((model: string) => sendMessage('webllmLoad', { model }));
  if (!gpu) return <p className="muted">Checking for a GPU…</p>;
  if (!gpu.usable)
    return (
      <p role="status" className="card">
        {gpu.reason}
      </p>
    );
  return (
    <div className="card stack">
      <p role="status">
        Local models run on this device ({gpu.name}). Nothing leaves your browser. A model downloads once and
        stays cached.
      </p>
      <ul aria-label="Local models" className="stack">
        {WEBLLM_MODELS.map((m) => (
          <li key={m.id} className="row">
            {m.label} · {size(m.sizeMb)} download
            {isBundled(m) ? '' : ' · not in this build'}
            <Button busy={load.busy} disabled={!isBundled(m)} onClick={() => void load.run(m.id)}>
              Download
            </Button>
          </li>
        ))}
      </ul>
      <MissingLibs />
      {progress && <Progress p={progress} />}
      {load.error && (
        <p role="alert" className="error">
          {load.error}
        </p>
      )}
    </div>
  );
}
