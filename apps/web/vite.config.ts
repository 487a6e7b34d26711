import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const src = new URL('./src', import.meta.url).pathname;

/**
 * packages/domain is pure data, rules and zod schemas, but its package.json does not say `"sideEffects": false`,
 * so every module of it (telemetry fields, catalogues, …) would land in the login chunk. Marking its sources
 * side-effect free lets the bundler drop the modules the web app does not use.
 */
function sideEffectFreeDomain(): Plugin {
  return {
    name: 'voltfleet:side-effect-free-domain',
    transform: {
      filter: { id: /[\\/]packages[\\/]domain[\\/]src[\\/]/ },
      handler: (code) => ({ code, map: null, moduleSideEffects: false }),
    },
  };
}

export default defineConfig({
  plugins: [react(), sideEffectFreeDomain()],
  resolve: {
    // The domain package is consumed from its TypeScript sources (its package.json `source` condition).
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': src },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080' } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
});
