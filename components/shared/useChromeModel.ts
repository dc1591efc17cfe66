// Chrome's built-in model as the page sees it (#35): the background's status, asked again every 2 s while a
// download runs, with the monitor's progress from storage (written by the background, so it survives this
// page closing), asked again at each report. Null until the first answer; 'absent' in Firefox without asking.
import { useEffect, useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { ChromeDownload, ChromeModelStatus } from '../../lib/model/chrome-model';
import { chromeDownloadItem } from '../../lib/providers/downloads';

const ABSENT: ChromeModelStatus = { state: 'absent', download: null, languages: [] };
const POLL_MS = 2000;

export function useChromeModel(): { status: ChromeModelStatus | null; refresh: () => void } {
  const [status, setStatus] = useState<ChromeModelStatus | null>(import.meta.env.FIREFOX ? ABSENT : null);
  const [download, setDownload] = useState<ChromeDownload | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (import.meta.env.FIREFOX) return;
    let live = true;
    void sendMessage('chromeModelStatus', {}).then(
      (s) => live && setStatus(s),
      () => live && setStatus(ABSENT),
    );
    return () => void (live = false);
  }, [asked]);
  useEffect(() => {
    if (status?.state !== 'downloading') return;
    const timer = setInterval(() => setAsked((n) => n + 1), POLL_MS);
    return () => clearInterval(timer);
  }, [status?.state]);
  useEffect(() => {
    if (import.meta.env.FIREFOX) return;
    void chromeDownloadItem.getValue().then(setDownload);
    // Each report of the download may change the state too (downloadable → downloading → available).
    return chromeDownloadItem.watch((next) => (setDownload(next), setAsked((n) => n + 1)));
  }, []);
  const merged = status && { ...status, download: download ?? status.download };
  return { status: merged, refresh: () => setAsked((n) => n + 1) };
}
