// The single test command (`npm test`): runs every suite with vitest, streams their output, then prints a summary.
// The very last line of stdout is exactly "N passed, N failed" (", N skipped" appended when tests were skipped),
// summed over all suites. Exit code 1 when any test failed or any suite crashed (a crashed suite counts as 1 failed).
//
//   node scripts/test-all.mjs                  all suites
//   node scripts/test-all.mjs domain server    only the named suites: domain, web, server, server-pg, e2e, and
//                                              one per further workspace (its folder name, e.g. simulator)
//
// Environment: CI (set → a missing PostgreSQL server counts as a failure), VOLTFLEET_SUITE_TIMEOUT_S (default 1200,
// per suite), VOLTFLEET_PG_BIN (PostgreSQL bin folder; default the newest /usr/lib/postgresql/*/bin).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresUnavailableReason, startPostgres } from './pg-harness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// 1200 s: the PGlite server suite takes about 350 s on a quiet 2-core machine and went past 600 s with other work on it;
// the limit only catches a hung suite, so it is wide.
const SUITE_TIMEOUT_MS = Number(process.env.VOLTFLEET_SUITE_TIMEOUT_S || 1200) * 1000;
const IN_CI = Boolean(process.env.CI) && !['0', 'false'].includes(String(process.env.CI).toLowerCase());

const out = (line = '') => process.stdout.write(`${line}\n`);

/** True when a folder holds at least one *.test.* / *.spec.* file (outside node_modules and dist). */
function hasTestFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((e) => {
    if (e.isDirectory())
      return !['node_modules', 'dist', '.git'].includes(e.name) && hasTestFiles(path.join(dir, e.name));
    return /\.(test|spec)\.[cm]?[jt]sx?$/.test(e.name);
  });
}

const withoutDatabaseUrl = () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
};

/**
 * The suites, in order. `skip()` returns a reason to skip (and whether skipping counts as a failure);
 * `setup()` may start services and return { env, teardown }.
 */
const SUITES = [
  { name: 'domain', title: 'domain', cwd: 'packages/domain' },
  {
    name: 'web',
    title: 'web (unit and components)',
    cwd: 'apps/web',
    skip: () => (hasTestFiles(path.join(ROOT, 'apps/web')) ? undefined : { reason: 'apps/web has no tests yet' }),
  },
  { name: 'server', title: 'server (PGlite)', cwd: 'apps/server', env: withoutDatabaseUrl },
  {
    name: 'server-pg',
    title: 'server (native PostgreSQL)',
    cwd: 'apps/server',
    skip: () => {
      const why = postgresUnavailableReason();
      if (!why) return undefined;
      return {
        reason: `the native-PostgreSQL suite was not run: ${why}${IN_CI ? ' (counted as failed: CI must run it)' : ''}`,
        fail: IN_CI,
      };
    },
    setup: async () => {
      const pg = await startPostgres({ log: (line) => out(`[pg-harness] ${line}`) });
      return { env: { ...process.env, DATABASE_URL: pg.url }, teardown: () => pg.stop() };
    },
  },
  {
    name: 'e2e',
    title: 'e2e',
    cwd: '.',
    args: ['--config', 'e2e/vitest.config.ts'],
    skip: () =>
      existsSync(path.join(ROOT, 'e2e/vitest.config.ts'))
        ? undefined
        : { reason: 'e2e/vitest.config.ts does not exist yet' },
  },
];

/**
 * Workspaces of the root package.json that the list above does not cover (e.g. packages/simulator, packages/osim):
 * each becomes a suite after the web suite, run when it has test files, so new packages are never silently left out.
 */
function extraWorkspaceSuites() {
  let patterns = [];
  try {
    patterns = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces ?? [];
  } catch {
    return [];
  }
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    try {
      return readdirSync(path.join(ROOT, parent), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `${parent}/${e.name}`);
    } catch {
      return [];
    }
  });
  const covered = new Set(SUITES.map((s) => s.cwd));
  return dirs
    .map((dir) => dir.replace(/\/+$/, ''))
    .filter((dir) => !covered.has(dir) && existsSync(path.join(ROOT, dir, 'package.json')))
    .map((dir) => ({
      name: path.basename(dir),
      title: dir,
      cwd: dir,
      skip: () => (hasTestFiles(path.join(ROOT, dir)) ? undefined : { reason: `${dir} has no tests yet` }),
    }));
}
{
  const webIndex = SUITES.findIndex((s) => s.name === 'web');
  SUITES.splice(webIndex + 1, 0, ...extraWorkspaceSuites());
}

/** The vitest executable nearest to a folder (what `npx vitest` would run), else npx itself. */
function vitestCommand(cwd) {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules', 'vitest', 'vitest.mjs');
    if (existsSync(bin)) return { cmd: process.execPath, pre: [bin], shown: 'vitest' };
    if (dir === path.dirname(dir) || dir === path.dirname(ROOT)) break;
  }
  return { cmd: 'npx', pre: ['--no-install', 'vitest'], shown: 'npx vitest' };
}

let activeChild;
let interrupted = false;

function onSignal(signal) {
  if (interrupted && activeChild) {
    try {
      process.kill(-activeChild.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    process.exit(130);
  }
  interrupted = true;
  out(`\n[test-all] ${signal}: stopping after the current suite`);
  if (activeChild) {
    try {
      process.kill(-activeChild.pid, signal);
    } catch {
      /* already gone */
    }
  }
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

/** Runs one vitest process; resolves with its exit code (or a note when it had to be killed). */
function runVitest(cwd, args, env) {
  const { cmd, pre, shown } = vitestCommand(cwd);
  out(`[test-all] ${path.relative(ROOT, cwd) || '.'}$ ${shown} ${args.join(' ')}`);
  return new Promise((resolve) => {
    // Own process group, so a timeout can take down vitest's workers and anything the tests started.
    const child = spawn(cmd, [...pre, ...args], { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    activeChild = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      out(`[test-all] suite timed out after ${SUITE_TIMEOUT_MS / 1000} s, stopping it`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 10_000).unref();
    }, SUITE_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      activeChild = undefined;
      resolve({ code: -1, note: `could not start vitest: ${error.message}` });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      activeChild = undefined;
      if (timedOut) resolve({ code: code ?? -1, note: `timed out after ${SUITE_TIMEOUT_MS / 1000} s` });
      else if (signal) resolve({ code: -1, note: `killed by ${signal}` });
      else resolve({ code: code ?? -1 });
    });
  });
}

/** Counts from a vitest JSON report and the exit code; never reports a failed run as all-green. */
function countResults(jsonFile, run) {
  let report;
  try {
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `crashed: no JSON report${run.note ? `; ${run.note}` : ` (exit code ${run.code})`}`,
    };
  }
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  let passed = Number(report.numPassedTests) || 0;
  let failed = Number(report.numFailedTests) || 0;
  const skipped = (Number(report.numPendingTests) || 0) + (Number(report.numTodoTests) || 0);
  const notes = [];
  // A file that failed without a failing test (import error, failing hook) is one failure.
  const brokenFiles = files.filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  if (brokenFiles.length > 0) {
    failed += brokenFiles.length;
    notes.push(
      `${brokenFiles.length} test file(s) failed to run: ${brokenFiles.map((f) => path.relative(ROOT, f.name)).join(', ')}`,
    );
  }
  if (run.note) notes.push(run.note);
  if (run.code !== 0 && failed === 0) {
    failed = 1;
    notes.push(
      files.length === 0 && passed === 0
        ? `no test files found (vitest exit code ${run.code})`
        : `vitest exited with code ${run.code} without a failing test (unhandled error?)`,
    );
  }
  if (run.code === 0 && passed + failed + skipped === 0) notes.push('no tests');
  return { passed, failed, skipped, note: notes.join('; ') || undefined };
}

async function runSuite(suite, tmp) {
  out('');
  out(`=== suite: ${suite.title} ===`);
  const started = Date.now();
  const skip = suite.skip?.();
  if (skip) {
    out(`[test-all] ${skip.fail ? 'NOT RUN' : 'skipped'}: ${skip.reason}`);
    return skip.fail
      ? { passed: 0, failed: 1, skipped: 0, note: skip.reason }
      : { skippedSuite: true, note: `skipped: ${skip.reason}` };
  }
  let env = suite.env ? suite.env() : process.env;
  let teardown;
  if (suite.setup) {
    try {
      ({ env, teardown } = await suite.setup());
    } catch (error) {
      out(`[test-all] setup failed: ${error instanceof Error ? error.message : String(error)}`);
      return { passed: 0, failed: 1, skipped: 0, note: 'crashed: setup failed (see above)' };
    }
  }
  const jsonFile = path.join(tmp, `${suite.name}.json`);
  const args = ['run', ...(suite.args ?? []), '--reporter=default', '--reporter=json', `--outputFile=${jsonFile}`];
  try {
    const run = await runVitest(path.join(ROOT, suite.cwd), args, env);
    return { ...countResults(jsonFile, run), ms: Date.now() - started };
  } finally {
    if (teardown) {
      try {
        await teardown();
      } catch (error) {
        out(`[test-all] teardown failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const selected = wanted.length > 0 ? SUITES.filter((s) => wanted.includes(s.name)) : SUITES;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'voltfleet-test-'));
  const results = [];
  try {
    for (const suite of selected) {
      if (interrupted) {
        results.push({ suite, result: { skippedSuite: true, note: 'not run: interrupted' } });
        continue;
      }
      results.push({ suite, result: await runSuite(suite, tmp) });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const total = { passed: 0, failed: 0, skipped: 0 };
  const width = Math.max(...selected.map((s) => s.title.length));
  out('');
  out('=== summary ===');
  for (const { suite, result } of results) {
    const label = suite.title.padEnd(width);
    if (result.skippedSuite) {
      out(`  ${label}  ${result.note}`);
      continue;
    }
    total.passed += result.passed;
    total.failed += result.failed;
    total.skipped += result.skipped;
    const counts = `${String(result.passed).padStart(5)} passed ${String(result.failed).padStart(4)} failed ${String(result.skipped).padStart(4)} skipped`;
    const time = result.ms === undefined ? '' : `  ${(result.ms / 1000).toFixed(1)} s`;
    out(
      `  ${label}  ${result.failed > 0 ? 'FAIL' : 'ok  '} ${counts}${time}${result.note ? `  (${result.note})` : ''}`,
    );
  }
  if (interrupted) total.failed = Math.max(total.failed, 1);
  process.exitCode = interrupted ? 130 : total.failed > 0 ? 1 : 0;
  out(`${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`);
}

await main();
