// The typed sender to the background alone, what every page, frame and content script imports: ./background.ts
// would bundle every request schema of its map into each chat page (zod calls a bundler must keep), over the
// 50 kB budget (#3). Component tests replace this module with one that calls the real handlers
// (test/helpers/background.ts), so no background module may import it (eslint.config.js).
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { BackgroundMap } from './background';

/** The only way any context asks the background (lint: no direct runtime.sendMessage). */
export const sendMessage = defineExtensionMessaging<BackgroundMap>().sendMessage;
