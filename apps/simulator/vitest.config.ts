import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The domain package is tested from its TypeScript sources; an alias applies in every Vite environment.
export default defineConfig({
  resolve: {
    alias: { '@voltfleet/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)) },
  },
  test: { include: ['src/**/*.test.ts'] },
});
