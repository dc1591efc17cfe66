// Whether the popup's first-run walkthrough (#6) was finished or skipped. A storage item, like settings.
import { storage } from 'wxt/utils/storage';

export const onboardedItem = storage.defineItem<boolean>('local:onboarded', { fallback: false });
