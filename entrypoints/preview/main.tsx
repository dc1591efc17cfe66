// The insert preview that the in-page button and the shortcut open, in an iframe on the chat page (#5). An
// extension page, listed in web_accessible_resources for the chat sites only (wxt.config.ts). Its one-time
// token arrives in the URL fragment and is dropped from the URL at once (#11, lib/background/preview/preview-frames.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import '../../components/shared/theme.css';
import { Localized } from '../../components/shared/Localized';
import './preview.css';
import { pastChatsOnly } from '../../components/shared/NoModelNote';
import { FrameApp, type FrameLink } from '../../components/preview/PreviewFrame';
import type { FrameChannels } from '../../components/preview/frame-recall';
import { onFrameOrder } from '../../lib/messaging/frame';
import { sendMessage } from '../../lib/messaging/send';

const token = location.hash.slice(1);
history.replaceState(null, '', location.pathname);

const channels: FrameChannels = {
  insertText: (text) => sendMessage('previewInsertText', { text }),
  closePreview: () => sendMessage('previewClose', {}),
  recall: (req) => sendMessage('recallPreview', req),
  pastChatsOnly,
};

const origin = browser.runtime.getURL('/');
type Hello = Awaited<ReturnType<FrameLink['hello']>>;

/**
 * The token, presented until the background answers: a service worker stopping as the frame loads loses the
 * message, and a frame without an answer ignored every open (#33). The background accepts this document's
 * second presentation (lib/background/preview/preview-frames.ts).
 */
async function presentToken(): Promise<Hello> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendMessage('previewHello', { token });
    } catch {
      if (attempt === 4) return { ok: false, open: null };
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

let hello: Promise<Hello> | undefined;
const link: FrameLink = {
  // Once per document (the token is one-time), whatever React's development mode runs twice.
  hello: () =>
    (hello ??= /^[0-9a-f]{32}$/.test(token) ? presentToken() : Promise.resolve({ ok: false, open: null })),
  onOrder: (handle) => onFrameOrder(handle, { id: browser.runtime.id, origin }),
};

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Localized>
        <FrameApp channels={channels} link={link} />
      </Localized>
    </StrictMode>,
  );
