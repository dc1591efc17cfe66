import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorImportReply } from '../../lib/model/messages';
import type { Site } from '../../lib/model/site';
import { sendMessage } from '../../lib/messaging/send';
import { SITE_LABELS } from '../../lib/sites/registry';
import { Button } from '../shared/ui';
import { useAction } from '../shared/useAction';

/** What happened, in words: changes to memories the person owns, and entries with links, wait in Review (#25). */
export function vendorReport(t: TFunction, reply: VendorImportReply): string {
  const site = SITE_LABELS[reply.site];
  return [
    reply.unchanged
      ? t('vendor.importedSome', { count: reply.imported, site, unchanged: reply.unchanged })
      : t('vendor.imported', { count: reply.imported, site }),
    reply.held ? t('vendor.held', { count: reply.held }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Popup: import the memories the open site saved about the user, read by that tab with its session (#3). */
export function VendorMemoryImport({ site, tabId }: { site: Site; tabId: number }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<string | null>(null);
  const { run, error, busy } = useAction(async () => {
    setResult(null);
    const reply = await sendMessage('importVendorMemories', { tabId });
    setResult(vendorReport(t, reply));
  });
  return (
    <div className="stack">
      <Button busy={busy} onClick={() => void run()}>
        {t('vendor.button', { site: SITE_LABELS[site] })}
      </Button>
      {result && <p>{result}</p>}
      {error && (
        <p role="alert" className="error">
          {t('vendor.failed', { reason: error })}
        </p>
      )}
    </div>
  );
}
