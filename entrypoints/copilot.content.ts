import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { copilotAdapter } from '../lib/sites/copilot/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(copilotAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(copilotAdapter),
});
