// The storage and passphrase form of Options → Sync (#15). What is typed here goes to the background once and
// never comes back (lib/model/sync.ts): a connected device shows the endpoint only.
import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { syncOriginPattern, type SyncBackendSettings, type SyncConnect } from '../../lib/model/sync';
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
  const { t } = useTranslation();
  if (b.kind === 'webdav')
    return (
      <>
        <Field label={t('sync.davUrl')} value={b.url} onChange={(url) => set({ ...b, url })} />
        <Field label={t('sync.user')} value={b.username} onChange={(username) => set({ ...b, username })} />
        <Field
          label={t('sync.password')}
          type="password"
          value={b.password}
          onChange={(password) => set({ ...b, password })}
        />
      </>
    );
  return (
    <>
      <Field
        label={t('sync.s3Endpoint')}
        value={b.endpoint}
        onChange={(endpoint) => set({ ...b, endpoint })}
      />
      <Field label={t('sync.bucket')} value={b.bucket} onChange={(bucket) => set({ ...b, bucket })} />
      <Field label={t('sync.prefix')} value={b.prefix} onChange={(prefix) => set({ ...b, prefix })} />
      <Field label={t('sync.region')} value={b.region} onChange={(region) => set({ ...b, region })} />
      <Field
        label={t('sync.accessKey')}
        value={b.accessKeyId}
        onChange={(accessKeyId) => set({ ...b, accessKeyId })}
      />
      <Field
        label={t('sync.secretKey')}
        type="password"
        value={b.secretAccessKey}
        onChange={(secretAccessKey) => set({ ...b, secretAccessKey })}
      />
    </>
  );
}

/** The passphrase to join with, or to set up new storage with (the floor applies there, #25). */
function PassphraseField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  // A suggested passphrase is shown, so the person can write it down before connecting.
  const [shown, setShown] = useState(false);
  return (
    <>
      <Field
        label={t('sync.passphrase')}
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={onChange}
      />
      <p className="muted">{t('sync.passphraseHint', { floor: t('sync.floor') })}</p>
      <div className="row">
        <Button onClick={() => (onChange(suggestPassphrase()), setShown(true))}>{t('sync.suggest')}</Button>
      </div>
    </>
  );
}

export function SyncForm({ busy, onConnect }: { busy: boolean; onConnect: (req: SyncConnect) => void }) {
  const { t } = useTranslation();
  const [backend, setBackend] = useState<SyncBackendSettings>(EMPTY_DAV);
  const [passphrase, setPassphrase] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConnect({ backend, passphrase });
  };
  return (
    <form className="stack card" onSubmit={submit} aria-label={t('sync.storageForm')}>
      <fieldset className="row">
        <legend>{t('sync.storage')}</legend>
        {(['webdav', 's3'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="sync-kind"
              checked={backend.kind === kind}
              onChange={() => setBackend(kind === 'webdav' ? EMPTY_DAV : EMPTY_S3)}
            />
            {t(`sync.kind.${kind}`)}
          </label>
        ))}
      </fieldset>
      <BackendFields b={backend} set={setBackend} />
      <PassphraseField value={passphrase} onChange={setPassphrase} />
      <Button variant="primary" type="submit" busy={busy} disabled={!passphrase}>
        {busy ? t('sync.connecting') : t('sync.connect')}
      </Button>
    </form>
  );
}
