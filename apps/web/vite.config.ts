import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const src = new URL('./src', import.meta.url).pathname;

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The domain package is consumed from its TypeScript sources (its package.json `source` condition).
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': src },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false }, '/ws': { target: 'ws://localhost:8080', ws: true } },
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
