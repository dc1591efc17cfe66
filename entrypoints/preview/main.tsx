// The insert preview that the in-page button and the shortcut open, in an iframe on the chat page (#5). An
// extension page, listed in web_accessible_resources for the chat sites only (wxt.config.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import '../../components/theme.css';
import './preview.css';
import { FrameApp } from '../../components/preview/PreviewFrame';
import type { FrameChannels } from '../../components/preview/frame-recall';
import { sendMessage } from '../../lib/messages';
import { sendToTab } from '../../lib/tab-messages';

// Asked once at boot, while the frame waits hidden: the frame's own tab, whichever tab is in front.
const tab = browser.tabs.getCurrent().then((t) => t?.id ?? null);

const channels: FrameChannels = {
  currentTab: () => tab,
  pageContext: (tabId) => sendToTab('pageContext', undefined, tabId),
  insertText: (tabId, text) => sendToTab('insertText', { text }, tabId),
  closePreview: (tabId) => sendToTab('closePreview', undefined, tabId),
  recall: (req) => sendMessage('recallPreview', req),
};

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <FrameApp channels={channels} />
    </StrictMode>,
  );
