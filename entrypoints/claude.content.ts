import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { claudeAdapter } from '../lib/sites/claude/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(claudeAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(claudeAdapter),
});
