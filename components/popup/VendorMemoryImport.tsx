import { useState } from 'react';
import type { VendorImportReply } from '../../lib/model/messages';
import type { Site } from '../../lib/model/site';
import { sendMessage } from '../../lib/messaging/send';
import { SITE_LABELS } from '../../lib/sites/registry';
import { Button } from '../shared/ui';
import { useAction } from '../shared/useAction';

const memories = (n: number) => `${n} saved ${n === 1 ? 'memory' : 'memories'}`;

/** What happened, in words: changes to memories the person owns, and entries with links, wait in Review (#25). */
export function vendorReport(reply: VendorImportReply): string {
  const site = SITE_LABELS[reply.site];
  const here = reply.unchanged ? ` (${reply.unchanged} already here)` : '';
  const held = reply.held
    ? ` ${reply.held === 1 ? 'One waits' : `${reply.held} wait`} in Review: a change to a memory you own, or a link.`
    : '';
  return `Imported ${memories(reply.imported)} from ${site}${here}.${held}`;
}

/** Popup: import the memories the open site saved about the user, read by that tab with its session (#3). */
export function VendorMemoryImport({ site, tabId }: { site: Site; tabId: number }) {
  const [result, setResult] = useState<string | null>(null);
  const { run, error, busy } = useAction(async () => {
    setResult(null);
    const reply = await sendMessage('importVendorMemories', { tabId });
    setResult(vendorReport(reply));
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
