import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The time limit catches a hung test, not a slow machine: npm test runs two suites at once on two cores, where
    // a CPU-bound table of thousands of cases (reading-check's 5,000 payloads) took over vitest's default 5 s.
    testTimeout: 30_000,
  },
});
