// The insert preview that the in-page button and the shortcut open, in an iframe on the chat page (#5). An
// extension page, listed in web_accessible_resources for the chat sites only (wxt.config.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../components/theme.css';
import './preview.css';
import { FrameApp } from '../../components/preview/PreviewFrame';
import type { FrameChannels } from '../../components/preview/frame-recall';
import { sendMessage } from '../../lib/messages';

const channels: FrameChannels = {
  pageContext: () => sendMessage('previewPageContext', {}),
  insertText: (text) => sendMessage('previewInsertText', { text }),
  closePreview: () => sendMessage('previewClose', {}),
  recall: (req) => sendMessage('recallPreview', req),
};

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <FrameApp channels={channels} />
    </StrictMode>,
  );
