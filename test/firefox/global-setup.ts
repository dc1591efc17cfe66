import { existsSync } from 'node:fs';
import { firefoxPath } from './harness';

// Fail in one line, before any test, when Firefox or the Firefox build is missing.
export default function setup(): void {
  firefoxPath();
  if (!existsSync('.output/firefox-mv3/manifest.json')) {
    throw new Error(
      'No build at .output/firefox-mv3: run `npm run build:firefox` first (npm test does this for you).',
    );
  }
}
