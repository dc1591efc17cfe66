// The English catalogue is the source of every key (#37): its type is the type of every other file, and
// i18next's typed `t` refuses a key it does not hold (lib/i18n/i18next.d.ts), so a missing key fails `tsc`.
import type en from '../../locales/en.json';

export type Catalogue = Omit<typeof en, 'blockIntroBefore'> & { blockIntroBefore: string[] };
