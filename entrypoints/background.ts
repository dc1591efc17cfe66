import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { watchReviewBadge } from '../lib/background/badge';
import { handlers } from '../lib/background/handlers';
import { registerHandlers } from '../lib/messages';

export default defineBackground(() => {
  registerHandlers(handlers, browser.runtime.getURL('/'));
  watchReviewBadge((text) => browser.action.setBadgeText({ text }));
});
