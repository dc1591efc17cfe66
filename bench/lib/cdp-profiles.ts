// CPU profiles of every extension context during a click (#39): the service worker, the offscreen document and
// the index's worker inside it, the preview frame and the chat page (its content script). Chromium is started
// with --remote-debugging-port=0 and this client attaches to each target as it appears, paused before its first
// script (waitForDebuggerOnStart), so a service worker the click wakes is profiled from its first line.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

interface Attached {
  sessionId: string;
  info: TargetInfo;
  profiling: boolean;
}

type Message = { id?: number; method?: string; params?: unknown; sessionId?: string; result?: unknown };

/** A short name for a target: what part of the extension it is. */
export function roleOf(info: TargetInfo): string {
  if (info.type === 'service_worker') return 'service-worker';
  if (info.url.includes('/offscreen.html')) return 'offscreen';
  if (info.type === 'worker') return 'index-worker';
  if (info.url.includes('/preview.html')) return 'preview-frame';
  if (info.type === 'page') return 'page';
  return info.type;
}

export class CdpProfiles {
  private next = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();
  private readonly sessions = new Map<string, Attached>();
  private recording = false;

  private constructor(
    private readonly socket: WebSocket,
    private readonly keep: (info: TargetInfo) => boolean,
  ) {
    socket.on('message', (data: Buffer) => this.receive(JSON.parse(data.toString()) as Message));
  }

  /** Connects to the browser the harness started with --remote-debugging-port=0 in `userDataDir`. */
  static async connect(userDataDir: string, keep: (info: TargetInfo) => boolean): Promise<CdpProfiles> {
    const [port, path] = readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n');
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { perMessageDeflate: false });
    await new Promise((ok, fail) => socket.once('open', ok).once('error', fail));
    const client = new CdpProfiles(socket, keep);
    // Names come later for some (the offscreen document and its worker attach before they have a URL).
    await client.send('Target.setDiscoverTargets', { discover: true });
    await client.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
    });
    return client;
  }

  /** A command's result, or undefined when its target went away without answering (a stopped worker). */
  private send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((ok) => {
      const timer = setTimeout(() => (this.waiting.delete(id), ok(undefined)), 5_000);
      this.waiting.set(id, (result) => (clearTimeout(timer), ok(result)));
    });
  }

  private receive(message: Message): void {
    if (message.id !== undefined) {
      this.waiting.get(message.id)?.(message.result);
      this.waiting.delete(message.id);
      return;
    }
    if (message.method === 'Target.attachedToTarget')
      void this.attached(message.params as { sessionId: string; targetInfo: TargetInfo });
    if (message.method === 'Target.targetInfoChanged') {
      const info = (message.params as { targetInfo: TargetInfo }).targetInfo;
      for (const s of this.sessions.values()) if (s.info.targetId === info.targetId) s.info = info;
    }
    if (message.method === 'Target.detachedFromTarget')
      this.sessions.delete((message.params as { sessionId: string }).sessionId);
  }

  private async attached({ sessionId, targetInfo }: { sessionId: string; targetInfo: TargetInfo }) {
    const mine = this.keep(targetInfo);
    const session: Attached = { sessionId, info: targetInfo, profiling: false };
    if (mine) {
      this.sessions.set(sessionId, session);
      // Its own workers and frames (the index's worker in the offscreen document, the preview frame).
      await this.send(
        'Target.setAutoAttach',
        { autoAttach: true, waitForDebuggerOnStart: true, flatten: true },
        sessionId,
      );
      if (this.recording) await this.startIn(session);
    }
    await this.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
  }

  private async startIn(session: Attached): Promise<void> {
    await this.send('Profiler.enable', {}, session.sessionId);
    await this.send('Profiler.setSamplingInterval', { interval: 200 }, session.sessionId);
    await this.send('Profiler.start', {}, session.sessionId);
    session.profiling = true;
  }

  /** Starts profiling every kept target now attached, and every one that attaches until stop(). */
  async start(): Promise<void> {
    this.recording = true;
    await Promise.all([...this.sessions.values()].map((s) => this.startIn(s)));
  }

  /** Stops and writes one .cpuprofile per profiled target, `<prefix>-<role>.cpuprofile`; returns the files. */
  async stop(dir: string, prefix: string): Promise<string[]> {
    this.recording = false;
    const files: string[] = [];
    for (const s of [...this.sessions.values()].filter((x) => x.profiling)) {
      s.profiling = false;
      const result = (await this.send('Profiler.stop', {}, s.sessionId)) as { profile?: unknown } | undefined;
      if (!result?.profile) continue;
      const file = join(dir, `${prefix}-${roleOf(s.info)}-${s.info.targetId.slice(0, 6)}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
      files.push(file);
    }
    return files;
  }

  close(): void {
    this.socket.close();
  }
}
