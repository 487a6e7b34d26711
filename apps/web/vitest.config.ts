import { defaultServerConditions } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Tests run in Node (the "ssr" environment), which resolves with its own conditions.
    ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
    test: { environment: 'node', include: ['src/**/*.test.ts'] },
  }),
);
