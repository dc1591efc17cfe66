// The insert preview that the in-page button and the shortcut open, in an iframe on the chat page (#5). An
// extension page, listed in web_accessible_resources for the chat sites only (wxt.config.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import '../../components/theme.css';
import { PreviewFrame } from '../../components/preview/PreviewFrame';
import type { FrameChannels } from '../../components/preview/frame-recall';
import { sendMessage } from '../../lib/messages';
import { sendToTab } from '../../lib/tab-messages';

const channels: FrameChannels = {
  currentTab: async () => (await browser.tabs.getCurrent())?.id ?? null,
  pageContext: (tabId) => sendToTab('pageContext', undefined, tabId),
  insertText: (tabId, text) => sendToTab('insertText', { text }, tabId),
  closePreview: (tabId) => sendToTab('closePreview', undefined, tabId),
  recall: (req) => sendMessage('recallPreview', req),
};

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PreviewFrame channels={channels} />
    </StrictMode>,
  );
