// Where the background keeps the provider choice and the API key (#11): in its own IndexedDB database, which
// a content script cannot open (it gets the page's IndexedDB). chrome.storage.local is readable and writable
// by content scripts unless `setAccessLevel` narrows it, and Firefox has no `setAccessLevel` (Firefox 153 ESR,
// checked: a content script read and wrote storage.local, and storage.session is not exposed to it). A
// separate small database, so its version never meets the main one's migrations (lib/store/db.ts).
import Dexie, { type Table } from 'dexie';
import { browser } from 'wxt/browser';
import { DEFAULT_PROVIDER, ProviderSettings, providerOrigin } from '../model/provider';

const NAME = 'engram-secrets';
/** Keys that older builds kept in chrome.storage.local (WXT adds a `$` twin for versioned items). */
const LEGACY = ['provider', 'providerKey'] as const;

interface Row {
  name: string;
  value: unknown;
}

let handle: (Dexie & { secrets: Table<Row, string> }) | undefined;
/** The database's name: NAME, or another profile's (switchSecrets). */
let current = NAME;
let migrated: Promise<void> | undefined;

function open() {
  if (!handle) {
    handle = new Dexie(current) as Dexie & { secrets: Table<Row, string> };
    handle.version(1).stores({ secrets: 'name' });
  }
  return handle;
}

/** Moves values an older build left in storage.local here, once, and removes them there. */
async function migrate(): Promise<void> {
  const area = browser.storage?.local;
  if (!area) return;
  const old = await area.get([...LEGACY]);
  const provider = ProviderSettings.safeParse(old.provider);
  // The old key was a bare string: it is bound to the provider it was saved with.
  const values = {
    provider: old.provider,
    providerKey:
      typeof old.providerKey === 'string' && old.providerKey
        ? { key: old.providerKey, origin: provider.success ? providerOrigin(provider.data) : null }
        : undefined,
  };
  for (const name of LEGACY)
    if (values[name] !== undefined && !(await open().secrets.get(name)))
      await open().secrets.put({ name, value: values[name] });
  await area.remove([...LEGACY, ...LEGACY.map((k) => `${k}$`)]);
}

export interface TrustedItem<T> {
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  /** Changes made in this context (only the background writes these). Returns the stop. */
  watch(onChange: () => void): () => void;
}

export function trustedItem<T>(name: string, fallback: T): TrustedItem<T> {
  const listeners = new Set<() => void>();
  const ready = () => (migrated ??= migrate().catch(() => undefined));
  return {
    getValue: async () => {
      await ready();
      const row = await open().secrets.get(name);
      return row ? (row.value as T) : fallback;
    },
    setValue: async (value) => {
      await ready();
      await open().secrets.put({ name, value });
      listeners.forEach((l) => l());
    },
    watch: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/** The provider choice: read and written by the background only (Options asks it by message, #11). */
export const providerItem = trustedItem<ProviderSettings>('provider', DEFAULT_PROVIDER);

export async function readProviderSettings(): Promise<ProviderSettings> {
  const parsed = ProviderSettings.safeParse(await providerItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_PROVIDER;
}

/**
 * Deletes the secrets database the store points at and points it back at Engram's own: the next read opens it
 * empty and moves again what an older build left in storage.local.
 */
export async function deleteSecrets(): Promise<void> {
  handle?.close();
  handle = undefined;
  migrated = undefined;
  await Dexie.delete(current);
  current = NAME;
}

/**
 * Points the secrets at `name`'s database, closing the handle it had. One process can hold several profiles this
 * way (two devices syncing in one test process, #15); the extension only ever uses its own.
 */
export function switchSecrets(name: string): void {
  if (name === current) return;
  handle?.close();
  handle = undefined;
  current = name;
}
