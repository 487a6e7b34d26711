import { existsSync } from 'node:fs';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const src = new URL('./src', import.meta.url).pathname;

/**
 * Ant Design's Input (login page, every page) reads the form context from antd/es/form/context.js, which imports
 * `FormProvider` from the @rc-component/form index: that index attaches Field, List and useForm to the Form
 * component, so the whole form engine and its validator came with every Input. Here that one import is pointed at
 * the module that defines `FormProvider` (the same file the index re-exports, so one context instance); Form itself
 * still imports the full package where it is used.
 */
function antdFormContextOnly(): Plugin {
  const importer = /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
  return {
    name: 'voltfleet:antd-form-context',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^@rc-component\/form$/ },
      async handler(source, from) {
        if (!from || !importer.test(from)) return null;
        const index = await this.resolve(source, from, { skipSelf: true });
        if (!index || !/[\\/]es[\\/]index\.js$/.test(index.id)) return null;
        const context = index.id.replace(/index\.js$/, 'FormContext.js');
        return existsSync(context) ? context : null;
      },
    },
  };
}

/** The brand blue (favicon, Ant Design's primary) and the shell's page grey (app.css): the installed app's frame. */
const THEME_COLOUR = '#1677ff';
const BACKGROUND_COLOUR = '#f5f7fa';

/**
 * Installable and offline (docs/pwa.md, decision 0042): the manifest, and the service worker built from
 * src/service-worker/sw.ts with the precache list of the build. The app registers it itself after its first render
 * (lib/pwa), so nothing is injected into the entry.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Voltfleet',
    short_name: 'Voltfleet',
    description: 'Fleet portal for solar and battery inverters',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell and every route's code and texts (all four languages: a language switch works offline too).
    globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), antdFormContextOnly(), pwa],
  resolve: {
    // The domain package is consumed from its TypeScript sources (its package.json `source` condition), one context
    // (`@voltfleet/domain/plants`, …) at a time: decision 0029.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': src },
  },
  // ws: the live channel (/api/ws) is a WebSocket upgrade on the same path prefix.
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // A preload hint is only a hint: a browser without <link rel="modulepreload"> (Safari before 17, Firefox before
    // 115) loads the same modules when they are imported. The polyfill cost every page 0.5 KB for those few.
    modulePreload: { polyfill: false },
    // The entry's whole static graph is one chunk (decision 0044): left to the automatic splitting it was the entry and
    // 30 shared pieces, which a browser over HTTP/1.1 fetches six at a time, one round trip each (a phone on a slow
    // network waited five round trips before the first script ran). Only the entry's own modules are grouped, not
    // their dependencies' other users, so no page loads code it did not load before; shell and login are smaller
    // (fewer cross-chunk imports and exports).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'boot', tags: ['$initial'], priority: 2, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
