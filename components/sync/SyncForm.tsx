// The storage and passphrase form of Options → Sync (#15). What is typed here goes to the background once and
// never comes back (lib/model/sync.ts): a connected device shows the endpoint only.
import { useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { syncOriginPattern, type SyncBackendSettings, type SyncConnect } from '../../lib/model/sync';
import { PASSPHRASE_FLOOR } from '../../lib/sync/passphrase';
import { suggestPassphrase } from '../../lib/sync/words';
import { Button } from '../shared/ui';

const EMPTY_DAV: SyncBackendSettings = { kind: 'webdav', url: '', username: '', password: '' };
const EMPTY_S3: SyncBackendSettings = {
  ...{ kind: 's3', endpoint: '', bucket: '', prefix: 'engram/', region: 'us-east-1' },
  ...{ accessKeyId: '', secretAccessKey: '' },
};

/** Host access for the person's storage, asked inside the click (Chrome needs the gesture), as for models (#4). */
export function askStorageAccess(backend: SyncBackendSettings): Promise<boolean> {
  try {
    return browser.permissions.request({ origins: [syncOriginPattern(backend)] }).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}

function Field(props: { label: string; value: string; type?: string; onChange: (v: string) => void }) {
  return (
    <label className="stack">
      {props.label}
      <input
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete="off"
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

function BackendFields({ b, set }: { b: SyncBackendSettings; set: (b: SyncBackendSettings) => void }) {
  if (b.kind === 'webdav')
    return (
      <>
        <Field label="WebDAV folder address" value={b.url} onChange={(url) => set({ ...b, url })} />
        <Field label="User name" value={b.username} onChange={(username) => set({ ...b, username })} />
        <Field
          label="Password"
          type="password"
          value={b.password}
          onChange={(password) => set({ ...b, password })}
        />
      </>
    );
  return (
    <>
      <Field label="S3 endpoint" value={b.endpoint} onChange={(endpoint) => set({ ...b, endpoint })} />
      <Field label="Bucket" value={b.bucket} onChange={(bucket) => set({ ...b, bucket })} />
      <Field label="Folder in the bucket" value={b.prefix} onChange={(prefix) => set({ ...b, prefix })} />
      <Field label="Region" value={b.region} onChange={(region) => set({ ...b, region })} />
      <Field
        label="Access key ID"
        value={b.accessKeyId}
        onChange={(accessKeyId) => set({ ...b, accessKeyId })}
      />
      <Field
        label="Secret access key"
        type="password"
        value={b.secretAccessKey}
        onChange={(secretAccessKey) => set({ ...b, secretAccessKey })}
      />
    </>
  );
}

/** The passphrase to join with, or to set up new storage with (the floor applies there, #25). */
function PassphraseField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  // A suggested passphrase is shown, so the person can write it down before connecting.
  const [shown, setShown] = useState(false);
  return (
    <>
      <Field label="Sync passphrase" type={shown ? 'text' : 'password'} value={value} onChange={onChange} />
      <p className="muted">
        The same passphrase on every device. It encrypts your key; Engram keeps no copy and cannot recover it.
        For new storage: {PASSPHRASE_FLOOR}
      </p>
      <div className="row">
        <Button onClick={() => (onChange(suggestPassphrase()), setShown(true))}>Suggest a passphrase</Button>
      </div>
    </>
  );
}

export function SyncForm({ busy, onConnect }: { busy: boolean; onConnect: (req: SyncConnect) => void }) {
  const [backend, setBackend] = useState<SyncBackendSettings>(EMPTY_DAV);
  const [passphrase, setPassphrase] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConnect({ backend, passphrase });
  };
  return (
    <form className="stack card" onSubmit={submit} aria-label="Sync storage">
      <fieldset className="row">
        <legend>Storage</legend>
        {(['webdav', 's3'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="sync-kind"
              checked={backend.kind === kind}
              onChange={() => setBackend(kind === 'webdav' ? EMPTY_DAV : EMPTY_S3)}
            />
            {kind === 'webdav' ? 'WebDAV (Nextcloud, ownCloud, a NAS)' : 'S3-compatible (S3, R2, B2, MinIO)'}
          </label>
        ))}
      </fieldset>
      <BackendFields b={backend} set={setBackend} />
      <PassphraseField value={passphrase} onChange={setPassphrase} />
      <Button variant="primary" type="submit" busy={busy} disabled={!passphrase}>
        {busy ? 'Connecting…' : 'Connect'}
      </Button>
    </form>
  );
}
