import { useEffect, useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { WebLlmProgress } from '../../lib/model/webllm';
import { checkGpu, type GpuLike, type GpuStatus } from '../../lib/providers/gpu';
import { isBundled, WEBLLM_MODELS } from '../../lib/providers/webllm-models';
import { webllmProgressItem } from '../../lib/providers/settings';
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

function useProgress(): WebLlmProgress | null {
  const [progress, setProgress] = useState<WebLlmProgress | null>(null);
  useEffect(() => {
    void webllmProgressItem.getValue().then(setProgress);
    return webllmProgressItem.watch(setProgress);
  }, []);
  return progress;
}

function Progress({ p }: { p: WebLlmProgress }) {
  // The model's name, not web-llm's build id ("Qwen2.5-1.5B-Instruct-q4f16_1-MLC", #16).
  const name = WEBLLM_MODELS.find((m) => m.id === p.model)?.label ?? p.model;
  const what = `${p.progress >= 1 ? 'Ready' : 'Downloading'} ${name}: ${Math.round(p.progress * 100)}%`;
  return (
    <label className="stack">
      <span>{what}</span>
      <progress max={1} value={p.progress} />
    </label>
  );
}


/** Engram runs no code from the network (#11): a model whose WebGPU library is not packaged cannot run. */
function MissingLibs() {
  const missing = WEBLLM_MODELS.filter((m) => !isBundled(m));
  if (missing.length === 0) return null;
  return (
    <div role="note" className="muted stack">
      <p>
        Not in this build: {missing.map((m) => m.label).join(', ')}. Engram never downloads program code, and
        this copy of Engram was built without the code these models need. Use an API provider meanwhile.
      </p>
      {/* File names are for whoever builds Engram (#16: details behind a disclosure). */}
      <details>
        <summary>For whoever builds Engram</summary>
        Their WebGPU libraries must ship inside the extension: {missing.map((m) => m.lib).join(', ')}.
      </details>
    </div>
  );
}

function ModelList({ busy, onLoad }: { busy: boolean; onLoad: (id: string) => void }) {
  return (
    <ul aria-label="Local models" className="stack">
      {WEBLLM_MODELS.map((m) => (
        <li key={m.id} className="row">
          {m.label}
          {isBundled(m) ? '' : ' · not in this build'}
          <Button
            aria-label={`Download ${m.label}`}
            busy={busy}
            disabled={!isBundled(m)}
            onClick={() => onLoad(m.id)}
          >
            Download
          </Button>
        </li>
      ))}
    </ul>
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
      <ModelList busy={load.busy} onLoad={(id) => void load.run(id)} />
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
