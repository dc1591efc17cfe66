// One fault-injection schedule's world (#12): the real store, queue, pipeline and background handlers over
// fake-indexeddb, one worker at a time whose model calls wait for the schedule, and an oracle of what the
// person did. Each action is one thing a person, a page or the browser can do at any moment.
import { tokensOf } from '../../lib/background/shared/user-events';
import { handlers } from '../../lib/background/handlers';
import { recallArea, resetRecallIndex } from '../../lib/background/recall/recall-area';
import { planImport } from '../../lib/import/detect';
import { runImport } from '../../lib/import/run';
import type { EngramExport } from '../../lib/model/export';
import { parseConversationKey, turnKey } from '../../lib/model/keys';
import type { Turn } from '../../lib/model/records';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { runDueJobs } from '../../lib/pipeline/queue';
import { saveCapture, turnsOf } from '../../lib/store/conversations';
import { db, closeDb } from '../../lib/store/db';
import { enqueueExtraction, releaseOrphans } from '../../lib/store/jobs';
import { FaultModel, pick } from './fault-model';
import type { Random } from './seeded-random';

export const ext = { url: 'chrome-extension://engram-test/options.html' };
export const CONVERSATIONS = ['chatgpt:a', 'claude:b', 'chatgpt:c'] as const;
const URLS: Record<string, string> = {
  'chatgpt:a': 'https://chatgpt.com/c/a',
  'claude:b': 'https://claude.ai/chat/b',
  'chatgpt:c': 'https://chatgpt.com/c/c',
};
const WORDS = ['tea', 'jazz', 'chess', 'kayaks', 'figs', 'opera'];

/** What the person did, for the checks: their deletes, their edits, and what deletes cancelled. */
export interface Oracle {
  deleted: Set<string>;
  edits: Set<string>;
  /** Jobs seen in the store, by conversation. */
  jobs: Map<string, string>;
  /** Jobs a delete removed, finished or not. */
  removed: Set<string>;
  /** Jobs a delete removed before they finished: none of their writes may ever land. */
  cancelled: Set<string>;
  /** Events that came back with an import: allowed even if their job was cancelled. */
  imported: Set<string>;
}

export class World {
  readonly model: FaultModel;
  readonly trace: string[] = [];
  readonly oracle: Oracle = {
    deleted: new Set(),
    edits: new Set(),
    jobs: new Map(),
    removed: new Set(),
    cancelled: new Set(),
    imported: new Set(),
  };
  private runner: Promise<number> | null = null;
  private worker = 0;
  private owner = 'sw-0';
  /** Exports taken during the schedule, for imports later in it. */
  readonly exports: EngramExport[] = [];

  /** A delete removed this job; if it had not finished, none of its writes may ever land. */
  removed(id: string, unfinished: Set<string>): void {
    this.oracle.removed.add(id);
    if (unfinished.has(id)) this.oracle.cancelled.add(id);
  }

  constructor(readonly rnd: Random) {
    this.model = new FaultModel(rnd, rnd() < 0.5);
  }

  env() {
    const provider = this.model.provider();
    return {
      owner: this.owner,
      provider: async () => provider,
      settings: async () => DEFAULT_SETTINGS,
      // As the background counts (lib/background/pipeline/job-queue.ts): an import recounts, and must find the same.
      countTokens: tokensOf,
      wakeAt: async () => undefined,
    };
  }

  /** Until this worker's run waits on the model or ends: the only points where the schedule acts. */
  async settle(): Promise<void> {
    while (this.runner && !this.model.pending) await Promise.race([this.runner, this.model.parked()]);
  }

  async observe(): Promise<void> {
    for (const j of await db().jobs.toArray()) this.oracle.jobs.set(j.id, j.conversationKey);
  }

  kick(): void {
    if (this.runner) return;
    const run: Promise<number> = runDueJobs(this.env()).finally(() => {
      if (this.runner === run) this.runner = null;
    });
    this.runner = run;
  }

  /** MV3 stops the worker: its call is never answered, its memory is gone, the next one reclaims its job. */
  async kill(): Promise<void> {
    this.model.abandon();
    this.runner = null;
    closeDb();
    resetRecallIndex();
    this.owner = `sw-${++this.worker}`;
    await releaseOrphans(this.owner);
  }

  async capture(): Promise<void> {
    const key = pick(this.rnd, CONVERSATIONS) ?? 'chatgpt:a';
    const { site, id } = parseConversationKey(key)!;
    const stored = await turnsOf(key);
    const at = new Date().toISOString();
    const said = (order: number, role: Turn['role'], text: string): Turn => ({
      ...{ key: turnKey(key, `t${order}`), conversationKey: key, id: `t${order}`, role, text },
      ...{ createdAt: at, order, superseded: false, capturedAt: at },
    });
    const n = stored.length;
    const turns = [
      said(n, 'user', `I like ${pick(this.rnd, WORDS) ?? 'tea'}.`),
      said(n + 1, 'assistant', 'Noted.'),
    ];
    const health = {
      strategy: 'api' as const,
      turnsSeen: n + 2,
      turnsStored: n + 2,
      lastError: null,
      checkedAt: at,
    };
    const conversation = {
      key,
      site,
      id,
      url: URLS[key] ?? '',
      title: key,
      scope: null,
      createdAt: null,
      updatedAt: at,
      health,
    };
    await saveCapture({ conversation, turns: [...stored, ...turns] });
    await enqueueExtraction(key, new Date());
    this.trace.push(`capture ${key}`);
  }

  async recall(): Promise<void> {
    await recallArea().memories.warm();
    this.trace.push('recall');
  }
}

export async function importFile(data: EngramExport) {
  const send = (chunk: Parameters<typeof handlers.importChunk>[0]) => handlers.importChunk(chunk, ext);
  return runImport(planImport(JSON.stringify(data)), send, () => undefined);
}
