// A faithful fake of Chrome's Prompt API (`LanguageModel`, #35) for unit tests and for the Chromium e2e, where
// it is installed into the extension's service worker (`worker.evaluate(installFakeLanguageModel, config)`).
// So it is one self-contained function: no imports, nothing from outside its body. What it models, after the
// explainer and Chrome's behaviour: availability per language (an unlisted language is 'unavailable'); a
// download that create() starts from 'downloadable', reported to `monitor` as downloadprogress events
// (loaded 0 → 1) and then 'available'; sessions with inputQuota/inputUsage, measureInputUsage, clone and
// destroy; QuotaExceededError past the quota; AbortError through `signal`; answers that satisfy the
// responseConstraint's required keys (a constrained decoder cannot answer otherwise); a refusal as
// NotAllowedError. Everything asked is recorded on globalThis.__fakeLanguageModel for assertions.

export interface FakeConfig {
  availability: 'unavailable' | 'downloadable' | 'downloading' | 'available';
  /** Languages the model accepts, input and output alike. */
  languages: string[];
  inputQuota: number;
  /** The first reply whose `when` is in the prompt's text answers it. */
  replies: { when: string; reply: string }[];
  /** Every prompt waits until aborted. */
  hold?: boolean;
  /** Every prompt is refused (NotAllowedError). */
  refuse?: boolean;
  /** Milliseconds between download events. */
  downloadStepMs?: number;
}

export interface FakeRecord {
  config: FakeConfig;
  prompts: { text: string; constraint: unknown }[];
  created: number;
  destroyed: number;
  creates: { languages: string[] }[];
}

export function installFakeLanguageModel(config: FakeConfig): void {
  const g = globalThis as unknown as { LanguageModel?: unknown; __fakeLanguageModel?: FakeRecord };
  const record: FakeRecord = { config, prompts: [], created: 0, destroyed: 0, creates: [] };
  g.__fakeLanguageModel = record;
  const tokens = (input: { content: string }[]) =>
    Math.ceil(input.reduce((n, m) => n + m.content.length, 0) / 4);
  const langsOf = (o?: { expectedInputs?: { languages: string[] }[] }) =>
    (o?.expectedInputs ?? []).flatMap((i) => i.languages);
  const accepts = (o?: { expectedInputs?: { languages: string[] }[] }) =>
    langsOf(o).every((l) => config.languages.includes(l.split('-')[0] ?? l));
  const aborted = (signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
  };
  const answer = (text: string, constraint?: { required?: string[] }) => {
    const found = config.replies.find((r) => text.includes(r.when));
    const reply = found?.reply ?? '{}';
    const keys = Object.keys(JSON.parse(reply) as object);
    const missing = (constraint?.required ?? []).filter((k) => !keys.includes(k));
    if (missing.length)
      throw new Error(`fake: the reply lacks ${missing.join(', ')}, which the constraint requires`);
    return reply;
  };
  type Msg = { role: string; content: string };
  type Opts = { signal?: AbortSignal; responseConstraint?: { required?: string[] } };
  const session = (used: number): unknown => {
    let usage = used;
    let gone = false;
    const live = () => {
      if (gone) throw new DOMException('The session was destroyed.', 'InvalidStateError');
    };
    return {
      get inputQuota() {
        return config.inputQuota;
      },
      get inputUsage() {
        return usage;
      },
      measureInputUsage: async (input: Msg[]) => (live(), tokens(input)),
      clone: async (o?: Opts) => (live(), aborted(o?.signal), record.created++, session(usage)),
      destroy: () => {
        if (!gone) record.destroyed++;
        gone = true;
      },
      prompt: async (input: Msg[], o?: Opts) => {
        live();
        aborted(o?.signal);
        const text = input.map((m) => m.content).join('\n');
        record.prompts.push({ text, constraint: o?.responseConstraint });
        const need = tokens(input);
        if (usage + need > config.inputQuota)
          throw Object.assign(new DOMException('The input is too large.', 'QuotaExceededError'), {
            requested: need,
            quota: config.inputQuota - usage,
          });
        if (config.hold)
          await new Promise((_, reject) =>
            o?.signal?.addEventListener('abort', () => reject(o.signal?.reason), { once: true }),
          );
        if (config.refuse) throw new DOMException('The model declined to answer.', 'NotAllowedError');
        const reply = answer(text, o?.responseConstraint);
        usage += need + Math.ceil(reply.length / 4);
        return reply;
      },
    };
  };
  const download = async (monitor?: (m: EventTarget) => void) => {
    const target = new EventTarget();
    monitor?.(target);
    config.availability = 'downloading';
    for (const loaded of [0, 0.25, 0.5, 0.75, 1]) {
      await new Promise((r) => setTimeout(r, config.downloadStepMs ?? 5));
      target.dispatchEvent(Object.assign(new Event('downloadprogress'), { loaded }));
    }
    config.availability = 'available';
  };
  type CreateOpts = Opts & { expectedInputs?: { languages: string[] }[]; monitor?: (m: EventTarget) => void };
  g.LanguageModel = {
    availability: async (o?: CreateOpts) => (accepts(o) ? config.availability : 'unavailable'),
    create: async (o?: CreateOpts) => {
      aborted(o?.signal);
      if (config.availability === 'unavailable' || !accepts(o))
        throw new DOMException('The model cannot be created for these options.', 'NotSupportedError');
      if (config.availability !== 'available') await download(o?.monitor);
      record.created++;
      record.creates.push({ languages: langsOf(o) });
      return session(0);
    },
  };
}
