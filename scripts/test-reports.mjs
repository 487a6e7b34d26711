// How a test runner's JSON report and exit code become the counts test-all.mjs sums (never a failed run counted as
// all-green: a crash, a file that failed to load or an error outside a test counts as one failure), and the summary
// it prints at the end.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The exit code's verdict added to the counts: never reports a failed run as all-green. */
function withExitCode(counts, run, filesSeen) {
  const notes = counts.notes;
  const failures = counts.failures ?? [];
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
  return { passed: counts.passed, failed, skipped: counts.skipped, failures, note: notes.join('; ') || undefined };
}

const crashed = (run, what) => ({
  passed: 0,
  failed: 1,
  skipped: 0,
  failures: [{ where: 'the whole suite', why: `no ${what}: the runner crashed (its log above says why)` }],
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
    // Each failed test by file and name with its error's first line: test-all prints them last, beside the summary,
    // so a CI log cut to its tail still names what failed.
    failures: files.flatMap((f) =>
      (f.assertionResults ?? [])
        .filter((a) => a.status === 'failed')
        .map((a) => ({
          where: `${path.relative(root, f.name)} › ${a.fullName ?? a.title}`,
          why: firstLine((a.failureMessages ?? [])[0]),
        })),
    ),
  };
  // A file that failed without a failing test (import error, failing hook) is one failure.
  const brokenFiles = files.filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  if (brokenFiles.length > 0) {
    counts.failed += brokenFiles.length;
    for (const f of brokenFiles)
      counts.failures.push({ where: path.relative(root, f.name), why: firstLine(f.message) });
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
    failures: playwrightFailures(report.suites ?? []),
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

/** Every test of a Playwright report whose outcome was not the expected one, by file, title path and first error. */
function playwrightFailures(suites, titles = []) {
  return suites.flatMap((suite) => {
    const path_ = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
        .map((t) => {
          // The last result that failed (a flaky test's last result passed).
          const results = t.results ?? [];
          const last = results.findLast((r) => r.status !== 'passed') ?? results.at(-1) ?? {};
          const error = last.error ?? (last.errors ?? [])[0] ?? {};
          return {
            where: `${spec.file ?? suite.file ?? ''} › ${[...path_, spec.title].join(' › ')}`,
            why: firstLine(error.message ?? last.status),
          };
        }),
    );
    return [...own, ...playwrightFailures(suite.suites ?? [], path_)];
  });
}

// The terminal's colour codes (ESC [ … m) that a report's messages carry.
const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOUR_CODE, '')
    .split('\n')[0]
    .slice(0, 200);

/**
 * The summary's lines (a line a suite, then every failed test with its first error line: last of all, so a log cut to
 * its tail, as CI shows it, still names what failed) and the totals of the counted suites.
 * `runs`: [{ suite: { name, title }, result }] in the order to print.
 */
export function summary(runs, seconds) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const width = Math.max(...runs.map(({ suite }) => suite.title.length));
  const lines = ['', `=== summary (${seconds} s) ===`];
  for (const { suite, result } of runs) {
    const label = suite.title.padEnd(width);
    if (result.skippedSuite) {
      lines.push(`  ${label}  ${result.note}`);
      continue;
    }
    total.passed += result.passed;
    total.failed += result.failed;
    total.skipped += result.skipped;
    const counts = `${String(result.passed).padStart(5)} passed ${String(result.failed).padStart(4)} failed ${String(result.skipped).padStart(4)} skipped`;
    const time = result.ms === undefined ? '' : `  ${(result.ms / 1000).toFixed(1)} s`;
    lines.push(
      `  ${label}  ${result.failed > 0 ? 'FAIL' : 'ok  '} ${counts}${time}${result.note ? `  (${result.note})` : ''}`,
    );
  }
  const failures = runs.flatMap(({ suite, result }) =>
    (result.failures ?? []).map((f) => ({ ...f, suite: suite.name })),
  );
  if (failures.length > 0) {
    lines.push('', `=== failed tests (${failures.length}) ===`);
    for (const f of failures.slice(0, 50)) lines.push(`  [${f.suite}] ${f.where}`, `      ${f.why}`);
    if (failures.length > 50) lines.push(`  … and ${failures.length - 50} more (each suite's log above names them)`);
  }
  return { lines, total };
}
