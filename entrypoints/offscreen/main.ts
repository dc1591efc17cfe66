// The offscreen document (Chrome): hosts the local model, the past-turn index's worker and the sockets to desktop
// apps (#27) outside the short-lived service worker, answering the background alone (lib/messaging/offscreen.ts).
import { browser } from 'wxt/browser';
import { listenInOffscreen } from '../../lib/messaging/offscreen';
import { agentHandlers } from '../../lib/offscreen/agents';
import { pastHandlers } from '../../lib/offscreen/past';
import { webllmHandlers } from '../../lib/offscreen/webllm';

listenInOffscreen({ ...webllmHandlers, ...pastHandlers, ...agentHandlers }, browser.runtime.getURL('/'));
