import { useEffect, useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { WebLlmDownload } from '../../lib/model/webllm';
import { checkGpu, type GpuLike, type GpuStatus } from '../../lib/providers/gpu';
import { webllmDownloadsItem } from '../../lib/providers/settings';
import { offeredModels, type WebLlmModelInfo } from '../../lib/providers/webllm-models';
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

export const bytes = (n: number) =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(2)} GB`
    : n >= 1e6
      ? `${Math.round(n / 1e6)} MB`
      : `${Math.round(n / 1e3)} kB`;

function State({ m, d }: { m: WebLlmModelInfo; d: WebLlmDownload | undefined }) {
  if (!d) return <span className="muted">Not downloaded · needs about {m.vramMb} MB of GPU memory</span>;
  if (d.state === 'ready') return <span>Downloaded · {bytes(d.totalBytes)} on this device</span>;
  if (d.state === 'failed')
    return (
      <span role="alert" className="error">
        {d.error}
      </span>
    );
  const of = d.totalBytes ? `${bytes(d.doneBytes)} of ${bytes(d.totalBytes)}` : 'reading the file list';
  return (
    <label className="stack">
      <span>
        Downloading {m.label}: {of}
      </span>
      <progress max={d.totalBytes || 1} value={d.doneBytes} />
    </label>
  );
}

function ModelRow({ m, d }: { m: WebLlmModelInfo; d: WebLlmDownload | undefined }) {
  const load = useAction(() => sendMessage('webllmLoad', { model: m.id }));
  const remove = useAction(() => sendMessage('webllmDelete', { model: m.id }));
  const label = d?.state === 'failed' ? 'Retry' : 'Download';
  return (
    <li className="stack tight">
      <strong>{m.label}</strong>
      <State m={m} d={d} />
      <div className="row">
        {d?.state !== 'ready' && d?.state !== 'downloading' && (
          <Button aria-label={`${label} ${m.label}`} busy={load.busy} onClick={() => void load.run()}>
            {label}
          </Button>
        )}
        {d && d.state !== 'downloading' && (
          <Button aria-label={`Delete ${m.label}`} busy={remove.busy} onClick={() => void remove.run()}>
            Delete
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

/** The on-device embedder (#35): "Match by meaning" with no key. */
function Embedder({ gpu, downloads }: { gpu: { f16: boolean }; downloads: Record<string, WebLlmDownload> }) {
  return (
    <>
      <h3>For “Match by meaning”</h3>
      <p className="muted">
        Once downloaded, this small model finds memories by meaning on this device, with no key (Settings →
        Match by meaning).
      </p>
      <ul aria-label="Local embedder" className="stack">
        {offeredModels(gpu.f16, 'embedding').map((m) => (
          <ModelRow key={m.id} m={m} d={downloads[m.id]} />
        ))}
      </ul>
    </>
  );
}

/** WebLLM: GPU status, and when usable the models this build ships for this GPU, each with its weights (#35). */
export function WebLlmPanel({ gpu }: { gpu: GpuStatus | null }) {
  const downloads = useDownloads();
  if (!gpu) return <p className="muted">Checking for a GPU…</p>;
  if (!gpu.usable)
    return (
      <p role="status" className="card">
        WebLLM models: {gpu.reason}
      </p>
    );
  const models = offeredModels(gpu.f16);
  if (models.length === 0)
    return (
      <p role="status" className="card">
        This copy of Engram was built without WebLLM’s model libraries, so it offers no WebLLM model.
      </p>
    );
  return (
    <div className="card stack">
      <h2>On this device (WebLLM)</h2>
      <p role="status">
        WebLLM models run on this device’s GPU ({gpu.name}). Their weights download once from Hugging Face and
        stay in this browser until you delete them; nothing you write leaves it.
      </p>
      <ul aria-label="Local models" className="stack">
        {models.map((m) => (
          <ModelRow key={m.id} m={m} d={downloads[m.id]} />
        ))}
      </ul>
      <Embedder gpu={gpu} downloads={downloads} />
    </div>
  );
}
