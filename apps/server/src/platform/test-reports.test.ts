import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countPlaywright, countVitest, summary } from '../../../../scripts/test-reports.mjs';

// How `npm test` turns each runner's JSON report into the counts of its last line and the list of failed tests it
// prints last (so a log cut to its tail, as CI shows it, still names what failed).
const dir = mkdtempSync(path.join(os.tmpdir(), 'voltfleet-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const report = (value: unknown) => {
  const file = path.join(dir, `r${n++}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
};
const ROOT = '/repo';
const ESC = String.fromCharCode(27);

describe('vitest reports', () => {
  it('counts and names each failed test with its first error line, colours removed', () => {
    const file = report({
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [
        {
          name: '/repo/apps/server/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            {
              status: 'failed',
              fullName: 'a › refuses junk',
              failureMessages: [`${ESC}[31mAssertionError: expected 500 to be 400${ESC}[39m\n    at a.test.ts:3`],
            },
          ],
        },
      ],
    });
    expect(countVitest(ROOT, file, { code: 1 })).toEqual({
      passed: 3,
      failed: 1,
      skipped: 2,
      failures: [
        { where: 'apps/server/src/a.test.ts › a › refuses junk', why: 'AssertionError: expected 500 to be 400' },
      ],
      note: undefined,
    });
  });

  it('counts a file that failed to load as one failure, named', () => {
    const file = report({
      numPassedTests: 0,
      numFailedTests: 0,
      testResults: [
        { name: '/repo/b.test.ts', status: 'failed', message: 'Cannot find module x\nat …', assertionResults: [] },
      ],
    });
    const counts = countVitest(ROOT, file, { code: 1 });
    expect(counts.failed).toBe(1);
    expect(counts.failures).toEqual([{ where: 'b.test.ts', why: 'Cannot find module x' }]);
  });

  it('never reports a failed run as green: a non-zero exit without a failed test is one failure', () => {
    const file = report({
      numPassedTests: 5,
      numFailedTests: 0,
      testResults: [{ name: '/repo/c.test.ts', status: 'passed', assertionResults: [] }],
    });
    const counts = countVitest(ROOT, file, { code: 1 });
    expect(counts.failed).toBe(1);
    expect(counts.note).toMatch(/exited with code 1/);
  });

  it('a missing report is a crashed suite: one failure, said so', () => {
    const counts = countVitest(ROOT, path.join(dir, 'none.json'), { code: 137, note: 'killed by SIGKILL' });
    expect(counts).toMatchObject({ passed: 0, failed: 1 });
    expect(counts.failures[0]!.where).toBe('the whole suite');
    expect(counts.note).toMatch(/crashed.*SIGKILL/);
  });
});

describe('Playwright reports', () => {
  it('names the unexpected tests by file and title path; counts a flaky one as failed', () => {
    const file = report({
      stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 1 },
      errors: [],
      suites: [
        {
          title: 'login.e2e.ts',
          file: 'login.e2e.ts',
          specs: [
            {
              title: 'signs in',
              file: 'login.e2e.ts',
              tests: [{ status: 'expected', results: [{ status: 'passed' }] }],
            },
          ],
          suites: [
            {
              title: 'captcha',
              file: 'login.e2e.ts',
              specs: [
                {
                  title: 'refuses a wrong code',
                  file: 'login.e2e.ts',
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ status: 'failed', error: { message: 'Error: timed out\nCall log' } }],
                    },
                  ],
                },
                {
                  title: 'shows a new code',
                  file: 'login.e2e.ts',
                  tests: [
                    {
                      status: 'flaky',
                      results: [{ status: 'failed', errors: [{ message: 'once' }] }, { status: 'passed' }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const counts = countPlaywright(file, { code: 1 });
    expect(counts).toMatchObject({ passed: 2, failed: 2, skipped: 1 });
    expect(counts.failures).toEqual([
      { where: 'login.e2e.ts › captcha › refuses a wrong code', why: 'Error: timed out' },
      { where: 'login.e2e.ts › captcha › shows a new code', why: 'once' },
    ]);
  });
});

describe('the summary', () => {
  it('sums the counted suites and lists what failed last, by suite', () => {
    const { lines, total } = summary(
      [
        {
          suite: { name: 'server', title: 'server (PGlite)' },
          result: {
            passed: 10,
            failed: 1,
            skipped: 2,
            ms: 12_345,
            note: undefined,
            failures: [{ where: 'src/a.test.ts › refuses junk', why: 'AssertionError: expected 500 to be 400' }],
          },
        },
        { suite: { name: 'web', title: 'web' }, result: { skippedSuite: true, note: 'skipped: no tests' } },
        {
          suite: { name: 'domain', title: 'domain' },
          result: { passed: 5, failed: 0, skipped: 0, failures: [], note: undefined },
        },
      ],
      99,
    );
    expect(total).toEqual({ passed: 15, failed: 1, skipped: 2 });
    expect(lines).toEqual([
      '',
      '=== summary (99 s) ===',
      '  server (PGlite)  FAIL    10 passed    1 failed    2 skipped  12.3 s',
      '  web              skipped: no tests',
      '  domain           ok       5 passed    0 failed    0 skipped',
      '',
      '=== failed tests (1) ===',
      '  [server] src/a.test.ts › refuses junk',
      '      AssertionError: expected 500 to be 400',
    ]);
  });
});
