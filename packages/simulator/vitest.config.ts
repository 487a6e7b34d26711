import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Workspace packages are tested from their TypeScript sources; an alias applies in every Vite environment.
const source = (pkg: string) => fileURLToPath(new URL(`../../${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@voltfleet/domain': source('packages/domain'),
      '@voltfleet/osim': source('packages/osim'),
    },
  },
  test: { include: ['src/**/*.test.ts'] },
});
