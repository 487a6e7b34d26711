import path from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.mjs';

/**
 * The journeys that must run alone, after all the others (one at a time, nothing beside them). What they change is
 * platform-wide and cannot be given a journey of its own:
 * - notices, messages: an upgrade notice greets every account older than it with a dialog at its next login, and
 *   puts a message on every account's bell, for as long as the journey keeps it published;
 * - alarm-notifications: it brings an inverter of its own online over MQTT and into alarm; the device then counts
 *   among the fleet's online and alarm devices (which command-batch selects by status) for DEVICE_OFFLINE_SECONDS
 *   after the journey. And it counts the administrator's bell, which every notice moves, and every command another
 *   journey sends as the administrator (its outcome is a message to the sender).
 * - phone-journeys: like alarm-notifications, an inverter of its own in alarm (to acknowledge one no other journey
 *   takes), and a command it sends as the administrator.
 * A failure in the first project leaves these unrun (Playwright reports them as skipped). To run one of them by
 * itself: `npx playwright test -c e2e/playwright.config.ts --no-deps notices` (without --no-deps the whole first
 * project runs before it).
 */
const ALONE = ['notices.e2e.ts', 'messages.e2e.ts', 'alarm-notifications.e2e.ts', 'phone-journeys.e2e.ts'];

// E2E_JSON_REPORT=file adds Playwright's JSON report (its stats: expected, unexpected, flaky, skipped) to the list.
const jsonReport = process.env.E2E_JSON_REPORT;
const reporter: ReporterDescription[] = jsonReport
  ? [['list'], ['json', { outputFile: path.resolve(jsonReport) }]]
  : [['list']];

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  // Starts the one server (and mailbox, weather fixture, SMS log) every journey shares; returns the teardown.
  globalSetup: './support/global-setup.ts',
  // Two journey files at a time, each in its own worker with one Chromium (two cores; E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || 2,
  // The tests of a file run in order in one worker (they share its hooks); files run side by side.
  fullyParallel: false,
  // Never: a test that fails once has a cause to be found, and a retry would hide it.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // What a test may take in all, unless it says otherwise (test.setTimeout): a guard against a hung test, not a
  // check. Each step has its own limit (WAIT_MS), and with two workers beside the server on two cores a test takes up
  // to three times as long as alone.
  timeout: 90_000,
  reporter,
  // A failed test's screenshots (of every page it had open) and trace: `npx playwright show-trace <trace.zip>`.
  outputDir: './.artifacts/results',
  use: {
    browserName: 'chromium',
    headless: true,
    // The system Chromium (nothing is downloaded): Playwright launches it once per worker, the `browser` fixture that
    // support/journey.ts opens a context of for each test (viewport, locale and client address set there).
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    // Recorded for every test, kept for a failed one: its actions, DOM snapshots, network and console. Without the
    // screencast, which doubled the browsers' CPU time (the journeys are CPU-bound on two cores); the failure
    // screenshot below shows the end.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: { mode: 'only-on-failure', fullPage: true },
  },
  projects: [
    { name: 'journeys', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, dependencies: ['journeys'], workers: 1 },
  ],
});
