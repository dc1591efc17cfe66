// The sites Engram reads. Apart from records.ts so that the registry of hosts (lib/sites/registry.ts) can key
// by it while records.ts checks stored links against those hosts: no import cycle (#26).
import { z } from 'zod/mini';

export const Site = z.enum(['chatgpt', 'claude']);
export type Site = z.infer<typeof Site>;
