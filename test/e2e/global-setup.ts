import { existsSync } from 'node:fs';
import { findChromium } from './chromium';

// Fail in one line, before any test, when the browser or the build is missing.
export default function setup(): void {
  findChromium();
  if (!existsSync('.output/chrome-mv3/manifest.json')) {
    throw new Error(
      'No build at .output/chrome-mv3: run `npm run build` first (npm test does this for you).',
    );
  }
}
