// Background only: builds the semantic tier's embedder from the Settings toggle, the provider chosen in
// Options → Model and its key (#4), and says in plain words why the tier is off when it cannot run (#5).
// The key is read here and handed to the fetch; it never leaves the background.
import { browser } from 'wxt/browser';
import { originPattern, type ProviderSettings } from '../../model/provider';
import type { SemanticReason, SemanticStatus } from '../../model/semantic';
import type { Settings } from '../../model/settings';
import { redact } from '../../pipeline/redact';
import { dimensionsFor, openAiEmbedder } from '../../providers/embeddings';
import { webllmDownloadsItem } from '../../providers/downloads';
import { providerItem, readProviderSettings } from '../../store/secrets';
import type { Embedder } from '../../recall/semantic';
import { readSettings, settingsItem } from '../../settings';
import { cancelEmbeddingSync, scheduleEmbeddingSync, syncProgress } from './embedding-sync';
import { keyItem } from '../pipeline/current-provider';
import { localEmbedder } from '../pipeline/webllm-provider';
import { choosingEmbedder, embeddings, setRecallEmbedder } from './semantic-tier';
import type { Stop } from '../shared/service';

export interface EmbedderInputs {
  settings: Settings;
  provider: ProviderSettings;
  apiKey: string;
  /** Whether the extension holds the host permission for the provider's origin. */
  hasAccess: (pattern: string) => Promise<boolean>;
  /** The on-device embedder, when its weights are downloaded (#35); used unless an OpenAI-compatible provider is set. */
  local?: Embedder | null;
}

export type EmbedderChoice =
  { embedder: Embedder; reason: null } | { embedder: null; reason: SemanticReason };

/** Why this provider makes no embeddings: the on-device embedder (a GPU) or an OpenAI-compatible provider does. */
function unavailable(s: ProviderSettings): SemanticReason | null {
  if (s.kind === 'anthropic') return { code: 'anthropic' };
  if (s.kind === 'webllm' || s.kind === 'chrome') return { code: 'model-no-embeddings' };
  if (s.kind === 'none') return { code: 'no-provider' };
  if (!s.baseUrl) return { code: 'no-base-url' };
  return null;
}

/** Which embedder the settings allow, or why none: a plain function of what the background has stored. */
export async function chooseEmbedder(
  inputs: EmbedderInputs,
  fetchFn?: typeof fetch,
): Promise<EmbedderChoice> {
  const { settings, provider, apiKey } = inputs;
  if (!settings.recall.semantic) return { embedder: null, reason: { code: 'off' } };
  const why = unavailable(provider);
  // On this computer: nothing leaves it, so nothing needs redacting.
  if (why && inputs.local) return { embedder: inputs.local, reason: null };
  if (why) return { embedder: null, reason: why };
  const pattern = originPattern(provider.kind, provider.baseUrl);
  if (!pattern) return { embedder: null, reason: { code: 'bad-base-url', url: provider.baseUrl } };
  if (!(await inputs.hasAccess(pattern))) return { embedder: null, reason: { code: 'no-access', pattern } };
  const model = settings.recall.embeddingModel;
  const config = { baseUrl: provider.baseUrl, apiKey, model, dimensions: dimensionsFor(model) };
  const embedder = openAiEmbedder(config, fetchFn);
  return { embedder: settings.privacy.redact ? redacting(embedder) : embedder, reason: null };
}

/** Memory texts and the query (a draft, or a chat's last turns) leave redacted, like every prompt (#11). */
function redacting(embedder: Embedder): Embedder {
  return {
    model: embedder.model,
    embed: (texts, signal) =>
      embedder.embed(
        texts.map((t) => redact(t).text),
        signal,
      ),
  };
}

let reason: SemanticReason | null = { code: 'off' };
let model: string | null = null;

async function hasAccess(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}

/** Re-reads settings, provider, key and access, then sets (or clears) recall's embedder. */
export function refreshEmbedder(access = hasAccess, fetchFn?: typeof fetch): Promise<void> {
  const choice = choose(access, fetchFn);
  choosingEmbedder(choice);
  return choice;
}

async function choose(access: typeof hasAccess, fetchFn?: typeof fetch): Promise<void> {
  const settings = await readSettings();
  const inputs = {
    settings,
    provider: await readProviderSettings(),
    apiKey: await keyItem.getValue(),
    local: await localEmbedder(),
  };
  const choice = await chooseEmbedder({ ...inputs, hasAccess: access }, fetchFn);
  setRecallEmbedder(choice.embedder);
  reason = choice.reason;
  model = choice.embedder
    ? choice.embedder === inputs.local
      ? choice.embedder.model
      : settings.recall.embeddingModel
    : null;
  if (choice.embedder) scheduleEmbeddingSync(0);
}

export async function semanticStatus(): Promise<SemanticStatus> {
  const progress = await syncProgress();
  if (!model || !progress) return { on: false, model: null, embedded: 0, total: 0, reason, lastError: null };
  return { on: true, model, ...progress, reason: null, lastError: embeddings.lastError };
}

type Watch = (onChange: () => void) => () => void;

/** Host permissions granted or removed (browser.permissions events). */
export const watchHostAccess: Watch = (onChange) => {
  browser.permissions.onAdded.addListener(onChange);
  browser.permissions.onRemoved.addListener(onChange);
  return () => {
    browser.permissions.onAdded.removeListener(onChange);
    browser.permissions.onRemoved.removeListener(onChange);
  };
};

export interface EmbeddingWiring {
  /** Memory writes (embeddings-sync.ts watchStoredMemories). */
  watchMemories: Watch;
  /** Host permissions granted or removed (watchHostAccess). */
  watchAccess: Watch;
  access?: (pattern: string) => Promise<boolean>;
  fetchFn?: typeof fetch;
}

/** The service (../shared/service.ts): the semantic tier follows every input the choice depends on. */
export function startEmbeddings({ embeddings: wiring }: { embeddings: EmbeddingWiring }): Stop {
  const refresh = () => void refreshEmbedder(wiring.access ?? hasAccess, wiring.fetchFn);
  const stops = [
    settingsItem.watch(refresh),
    providerItem.watch(refresh),
    keyItem.watch(refresh),
    // The on-device embedder's weights arriving or deleted (#35).
    webllmDownloadsItem.watch(refresh),
    wiring.watchAccess(refresh),
    wiring.watchMemories(() => scheduleEmbeddingSync()),
    cancelEmbeddingSync,
  ];
  refresh();
  return () => stops.forEach((stop) => stop());
}
