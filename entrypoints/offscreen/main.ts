// The offscreen document (Chrome): hosts the local model and the past-turn index's worker outside the
// short-lived service worker, answering the background alone (lib/messaging/offscreen.ts).
import { browser } from 'wxt/browser';
import { listenInOffscreen } from '../../lib/messaging/offscreen';
import { pastHandlers } from '../../lib/offscreen/past';
import { webllmHandlers } from '../../lib/offscreen/webllm';

listenInOffscreen({ ...webllmHandlers, ...pastHandlers }, browser.runtime.getURL('/'));
