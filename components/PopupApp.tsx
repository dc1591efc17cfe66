import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { browser } from 'wxt/browser';
import { sendMessage, sendToTab } from '../lib/messages';
import type { RecallRequest } from '../lib/model/messages';
import { countMemories } from '../lib/store/memories';
import { InsertPreview } from './InsertPreview';

async function activeTabId(): Promise<number | undefined> {
  return (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
}

// Stable functions for InsertPreview's effect; they reach the chat tab through its content script (#5).
const popupRecall = {
  context: async () => {
    const id = await activeTabId();
    if (id === undefined) return null;
    return sendToTab('pageContext', undefined, id).catch(() => null);
  },
  recall: (req: RecallRequest) => sendMessage('recallPreview', req),
  insert: async (text: string) => {
    const id = await activeTabId();
    if (id === undefined) return { ok: false, message: 'No chat tab is active.' };
    return sendToTab('insertText', { text }, id);
  },
};

export function PopupApp() {
  const count = useLiveQuery(() => countMemories('active'), []);
  const [inserting, setInserting] = useState(false);
  return (
    <div className="popup stack">
      <strong>Engram</strong>
      <p>
        {count === undefined
          ? 'Counting memories…'
          : `${count} ${count === 1 ? 'memory' : 'memories'} on this machine.`}
      </p>
      <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
        Open memories
      </button>
      <button type="button" aria-expanded={inserting} onClick={() => setInserting(!inserting)}>
        Insert memory
      </button>
      {inserting && <InsertPreview {...popupRecall} />}
    </div>
  );
}
