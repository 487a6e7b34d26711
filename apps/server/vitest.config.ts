import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Workspace packages are tested from their TypeScript sources. An alias applies in every Vite environment (tests
// and global setup alike); export conditions alone left the global setup loading a stale dist/.
const source = (pkg: string) => fileURLToPath(new URL(`../../${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@voltfleet/domain': source('packages/domain'),
      '@voltfleet/osim': source('packages/osim'),
      '@voltfleet/simulator': source('packages/simulator'),
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file gets its own database copy; two workers match the two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
