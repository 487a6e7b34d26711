import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@voltfleet/domain/<context>` → packages/domain/src/<context>/index.ts (the package's `source` condition): the
 * names test reads the message catalogue the tables' keys name. */
const domainSubpaths = {
  find: /^@voltfleet\/domain\/([a-z0-9-]+)$/,
  replacement: fileURLToPath(new URL('../../packages/domain/src/$1/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias: [domainSubpaths] },
  test: {
    include: ['src/**/*.test.ts'],
    // The time limit catches a hung test, not a slow machine: npm test runs two suites at once on two cores, where
    // a CPU-bound table of thousands of cases (reading-check's 5,000 payloads) took over vitest's default 5 s.
    testTimeout: 30_000,
  },
});
