// How a test runner's JSON report and exit code become the counts test-all.mjs sums: never a failed run counted as
// all-green (a crash, a file that failed to load or an error outside a test counts as one failure).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The exit code's verdict added to the counts: never reports a failed run as all-green. */
function withExitCode(counts, run, filesSeen) {
  const notes = counts.notes;
  let failed = counts.failed;
  if (run.note) notes.push(run.note);
  if (run.code !== 0 && failed === 0) {
    failed = 1;
    notes.push(
      !filesSeen && counts.passed === 0
        ? `no tests found (exit code ${run.code})`
        : `the runner exited with code ${run.code} without a failing test (unhandled error?)`,
    );
  }
  if (run.code === 0 && counts.passed + failed + counts.skipped === 0) notes.push('no tests');
  return { passed: counts.passed, failed, skipped: counts.skipped, note: notes.join('; ') || undefined };
}

const crashed = (run, what) => ({
  passed: 0,
  failed: 1,
  skipped: 0,
  note: `crashed: no ${what}${run.note ? `; ${run.note}` : ` (exit code ${run.code})`}`,
});

/** Counts from a vitest JSON report. */
export function countVitest(root, jsonFile, run) {
  let report;
  try {
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch {
    return crashed(run, 'JSON report');
  }
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  const counts = {
    passed: Number(report.numPassedTests) || 0,
    failed: Number(report.numFailedTests) || 0,
    skipped: (Number(report.numPendingTests) || 0) + (Number(report.numTodoTests) || 0),
    notes: [],
  };
  // A file that failed without a failing test (import error, failing hook) is one failure.
  const brokenFiles = files.filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  if (brokenFiles.length > 0) {
    counts.failed += brokenFiles.length;
    counts.notes.push(
      `${brokenFiles.length} test file(s) failed to run: ${brokenFiles.map((f) => path.relative(root, f.name)).join(', ')}`,
    );
  }
  return withExitCode(counts, run, files.length > 0);
}

/**
 * Counts from a Playwright JSON report: `stats.expected` passed, `unexpected` failed, `skipped` skipped. Retries are
 * off, so `flaky` stays 0; were it not, a test that passed only on a retry counts as failed, never as passed.
 */
export function countPlaywright(jsonFile, run) {
  let report;
  try {
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch {
    return crashed(run, 'JSON report');
  }
  const stats = report.stats ?? {};
  const counts = {
    passed: Number(stats.expected) || 0,
    failed: (Number(stats.unexpected) || 0) + (Number(stats.flaky) || 0),
    skipped: Number(stats.skipped) || 0,
    notes: [],
  };
  if (Number(stats.flaky) > 0) counts.notes.push(`${stats.flaky} flaky (passed only when retried): counted as failed`);
  const errors = Array.isArray(report.errors) ? report.errors : [];
  if (errors.length > 0) {
    // Errors outside a test: the global setup, a file that failed to load.
    counts.failed += errors.length;
    counts.notes.push(
      `${errors.length} error(s) outside tests: ${errors.map((e) => firstLine(e.message)).join(' | ')}`,
    );
  }
  return withExitCode(counts, run, (report.suites ?? []).length > 0);
}

// The terminal's colour codes (ESC [ … m) that a report's messages carry.
const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOUR_CODE, '')
    .split('\n')[0]
    .slice(0, 200);
