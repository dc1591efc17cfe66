import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { handleCommand } from '../lib/background/commands';
import { handlers } from '../lib/background/handlers';
import { registerHandlers, sendToTab } from '../lib/messages';

export default defineBackground(() => {
  registerHandlers(handlers, browser.runtime.getURL('/'));
  browser.commands.onCommand.addListener((command) => {
    void handleCommand(command, {
      activeTabId: async () => (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id,
      openPreview: (tabId) => sendToTab('openInsertPreview', undefined, tabId),
    });
  });
});
