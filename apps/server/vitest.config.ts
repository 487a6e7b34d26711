import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Workspace packages are tested from their TypeScript sources. An alias applies in every Vite environment (tests
// and global setup alike); export conditions alone left the global setup loading a stale dist/.
const source = (pkg: string) => fileURLToPath(new URL(`../../${pkg}/src/index.ts`, import.meta.url));
/** `@voltfleet/domain/<context>` → packages/domain/src/<context>/index.ts (the package's `source` condition). */
const domainSubpaths = {
  find: /^@voltfleet\/domain\/([a-z0-9-]+)$/,
  replacement: fileURLToPath(new URL('../../packages/domain/src/$1/index.ts', import.meta.url)),
};

/**
 * Test files that never open a database: the link's brokers and guards, the sandbox, the pure rules. They run in
 * the `engine-free` project, once per `npm test`, not again in the native-PostgreSQL run (`vitest run --project
 * database`), since nothing they prove depends on the engine. That project builds no template database, so a file
 * listed here that opens one fails at once with "… is listed as engine-free …" (src/test/harness.ts): the list can
 * be too short (a file run twice), never too long (a database file run on one engine only).
 */
export const ENGINE_FREE = [
  'src/config.test.ts',
  'src/config-webhooks.test.ts',
  'src/features/webhooks/webhook-signing-target.test.ts',
  'src/platform/boundaries.test.ts',
  'src/platform/spreadsheet.test.ts',
  'src/platform/observability.test.ts',
  'src/platform/periodic.test.ts',
  'src/platform/node-engines.test.ts',
  'src/platform/doc-links.test.ts',
  'src/platform/api-map.test.ts',
  'src/platform/test-reports.test.ts',
  'src/platform/check-install.test.ts',
  'src/platform/test-changed.test.ts',
  'src/platform/dependency-rules.test.ts',
  'src/features/telemetry/retention.plan.test.ts',
  'src/features/telemetry/compact-format.test.ts',
  'src/features/telemetry/readings-source.test.ts',
  'src/features/live/number-text.test.ts',
  'src/features/scripts/sandbox.test.ts',
  'src/features/scripts/script-result.test.ts',
  'src/features/scripts/sandbox-escape.test.ts',
  'src/features/notifications/notification-senders.test.ts',
  'src/features/alarms/result-cache.test.ts',
  'src/features/alarms/fault-memory.test.ts',
  'src/features/alarms/alarm-time.test.ts',
  'src/features/plant-stats/plant-stats.slots.test.ts',
  'src/features/device-storage/xlsx-guard.test.ts',
  'src/features/weather/weather.provider.test.ts',
  'src/features/tariffs/demo-tariffs.test.ts',
  'src/features/live/live.wire.test.ts',
  'src/features/live/live.hub.test.ts',
  'src/link/mqtt-broker.ack.test.ts',
  'src/link/login-guard.test.ts',
  'src/link/device-secret.test.ts',
  'src/link/mqtt-broker.burst.test.ts',
  'src/link/osim-readings.test.ts',
  'src/link/mqtt-broker.security.test.ts',
  'src/link/ack-order.test.ts',
  'src/link/mqtt-login-guard.test.ts',
  'src/link/mqtt-external.test.ts',
  'src/link/mosquitto-runner.test.ts',
];

export default defineConfig({
  resolve: {
    alias: [
      domainSubpaths,
      { find: '@voltfleet/osim', replacement: source('packages/osim') },
      { find: '@voltfleet/simulator', replacement: source('packages/simulator') },
    ],
  },
  test: {
    // Each file gets its own database copy. Three workers on the two cores: the multi-process tests spend much of
    // their time waiting (an SMTP outage of a real minute on PostgreSQL, restarts, reconnects), and a third file runs
    // in those gaps. Measured quiet on the 2-core machine: PostgreSQL 220 → 203 s, PGlite 290–312 → 275 s.
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'engine-free', include: ENGINE_FREE },
      },
      {
        extends: true,
        test: {
          name: 'database',
          include: ['src/**/*.test.ts'],
          exclude: ENGINE_FREE,
          globalSetup: ['src/test/global-setup.ts'],
          // Each worker imports the app's modules once for all its files, not once per file: importing the whole
          // app (Fastify, every feature, PGlite's WebAssembly) took about 5 s of CPU per file, most of this
          // project's time on two cores. It is safe because the state a test sees is per app and per database
          // (each file builds its own with startTestServer / openTestDb), the server's few module-level values are
          // caches of pure results, and no file of this project mocks a module or stubs a global. A shared test
          // world registers its hooks when a file calls it (usePlantWorld(), …), never on import.
          isolate: false,
        },
      },
    ],
  },
});
