// Typed keys (#37): `t('popup.insert')` is checked against locales/en.json at compile time.
import 'i18next';
import type { Catalogue } from './catalogue';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
    returnNull: false;
  }
}
