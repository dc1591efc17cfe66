// The typed sender alone, for content scripts: importing lib/messages.ts would bundle every request schema of
// the protocol into each chat page (they are zod calls a bundler must keep), over the 50 kB budget (#3).
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from './protocol';

export const messenger = defineExtensionMessaging<ProtocolMap>();

/** The only way any context sends a message (lint: no direct runtime.sendMessage). */
export const sendMessage = messenger.sendMessage;
