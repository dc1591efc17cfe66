import { useEffect, useState } from 'react';
import { checkGpu, WEBLLM_MODELS, type GpuLike, type GpuStatus } from '../lib/providers/gpu';

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

const size = (mb: number) => (mb >= 1000 ? `${(mb / 1000).toFixed(1)} GB` : `${mb} MB`);

/** Local models: GPU status, and when usable the short model list with download sizes (#4). */
export function WebLlmPanel({ gpu, progress }: { gpu: GpuStatus | null; progress: number | null }) {
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
      <ul aria-label="Local models">
        {WEBLLM_MODELS.map((m) => (
          <li key={m.id}>
            {m.label} · {size(m.sizeMb)} download
          </li>
        ))}
      </ul>
      {progress !== null && (
        <label className="stack">
          <span>Downloading the model: {Math.round(progress * 100)}%</span>
          <progress max={1} value={progress} />
        </label>
      )}
    </div>
  );
}
