// The service worker: wiring only. Every message it answers is in a lib/background/<area>/ handler map, composed by
// lib/background/handlers.ts; every long-lived service is in lib/background/services.ts, started here with the
// browser's deps, explicitly.
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { handlers } from '../lib/background/handlers';
import { mark } from '../lib/background/recall/click-marks';
import { browserDeps, startServices } from '../lib/background/services';
import { restrictStorage } from '../lib/background/shared/storage-access';
import { registerHandlers } from '../lib/messaging/background';

export default defineBackground(() => {
  mark('script');
  void restrictStorage().catch(() => undefined);
  registerHandlers(handlers, browser.runtime.getURL('/'));
  startServices(browserDeps());
});
