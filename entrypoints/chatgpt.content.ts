import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { chatgptAdapter } from '../lib/sites/chatgpt/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(chatgptAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(chatgptAdapter),
});
