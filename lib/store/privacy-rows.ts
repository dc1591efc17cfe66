// The rows of the `privacy` table (lib/store/privacy.ts, #34). Apart from it, as sync-rows.ts is, because db.ts
// declares the table's type and privacy.ts opens the database.
import type { Site } from '../model/site';
import type { PrivacyMark } from '../sites/privacy';

/** What forgetting a private chat removed, for Activity: counts only, never its title or words. */
export interface Forgotten {
  turns: number;
  jobs: number;
  memories: number;
}

export interface PrivacyRow {
  /** The conversation key (lib/model/keys.ts). */
  key: string;
  site: Site;
  state: PrivacyMark;
  /** When the verdict was reached (ISO). */
  at: string;
  /** Set on a private chat whose stored data was removed, for Activity; cleared by Delete everything. */
  removed?: Forgotten;
}
