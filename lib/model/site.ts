// The sites Engram reads, from the registry (lib/sites/registry.ts: one line per site). Apart from records.ts so
// that records.ts can check stored links against the registry's hosts while the registry stays free of zod
// (#26: no import cycle; #24: adding a site is its folder and one registry line).
import { z } from 'zod/mini';
import { SITE_IDS } from '../sites/registry';

export const Site = z.enum(SITE_IDS);
export type Site = z.infer<typeof Site>;
