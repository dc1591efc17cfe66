import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the runner, without types.
import { brokeBeforeTests, failedNames } from '../../scripts/report.mjs';

const root = '/ci/main';

describe('failedNames: the summary names what failed', () => {
  it('names each failed test with its file and the first line of its error', () => {
    const names = failedNames(
      'e2e',
      [
        {
          name: `${root}/test/e2e/a.e2e.ts`,
          status: 'failed',
          message: '',
          assertionResults: [
            { status: 'passed', fullName: 'fine', failureMessages: [] },
            {
              status: 'failed',
              fullName: 'grok > page',
              failureMessages: ['Error: expected 3\n  at x.ts:1'],
            },
          ],
        },
        { name: `${root}/test/e2e/b.e2e.ts`, status: 'passed', message: '', assertionResults: [] },
      ],
      root,
    );
    expect(names).toEqual(['e2e  test/e2e/a.e2e.ts > grok > page: Error: expected 3']);
  });

  it('names a file that broke before any test ran', () => {
    const names = failedNames(
      'unit',
      [
        {
          name: `${root}/lib/x.test.ts`,
          status: 'failed',
          message: 'Cannot find module y\nstack',
          assertionResults: [],
        },
      ],
      root,
    );
    expect(names).toEqual(['unit  lib/x.test.ts: Cannot find module y']);
    expect(brokeBeforeTests({ status: 'failed', assertionResults: [] })).toBe(true);
    expect(brokeBeforeTests({ status: 'failed', assertionResults: [{ status: 'failed' }] })).toBe(false);
  });
});
