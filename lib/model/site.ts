// The sites Engram reads, as a schema: the ids are the ground's own data (site-hosts.ts, #38), apart from this file
// so that the MAIN-world tap takes the hosts without zod.
import { z } from 'zod/mini';
import { SITE_IDS } from './site-hosts';

export const Site = z.enum(SITE_IDS);
export type Site = z.infer<typeof Site>;
