// `npm run docs:store-listing` (./store-listing.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { storeListing } from './store-listing';

writeFileSync(join(import.meta.dirname, '..', 'docs', 'store-listing.md'), storeListing());
