import { useState } from 'react';
import type { Site } from '../../lib/model/site';
import { sendMessage } from '../../lib/messaging/send';
import { SITE_LABELS } from '../../lib/sites/registry';
import { Button } from '../shared/ui';
import { useAction } from '../shared/useAction';

/** Popup: import the memories the open site saved about the user, read by that tab with its session (#3). */
export function VendorMemoryImport({ site, tabId }: { site: Site; tabId: number }) {
  const [result, setResult] = useState<string | null>(null);
  const { run, error, busy } = useAction(async () => {
    setResult(null);
    const reply = await sendMessage('importVendorMemories', { tabId });
    const n = reply.imported;
    setResult(
      `Imported ${n} saved ${n === 1 ? 'memory' : 'memories'} from ${SITE_LABELS[reply.site]}` +
        (reply.unchanged ? ` (${reply.unchanged} already here).` : '.'),
    );
  });
  return (
    <div className="stack">
      <Button busy={busy} onClick={() => void run()}>
        Import saved memories from {SITE_LABELS[site]}
      </Button>
      {result && <p>{result}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}
