// An Engram page that opens asks for other devices' changes when the last pull is older than a minute (#28,
// lib/background/sync/pull-on-open.ts); the page does not wait for it.
import { useEffect } from 'react';
import { sendMessage } from '../../lib/messaging/send';

export function usePullOnOpen(): void {
  useEffect(() => {
    void sendMessage('syncIfStale', {}).catch(() => undefined);
  }, []);
}
