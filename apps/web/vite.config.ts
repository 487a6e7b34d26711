import { existsSync, readFileSync } from 'node:fs';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import {
  COLUMN_SECTIONS,
  COMMAND_SECTIONS,
  CORE_SECTIONS,
  FLOW_SECTIONS,
  HELP_SECTIONS,
  USER_ADMIN_SECTIONS,
  REGISTER_SECTIONS,
  BIG_SCREEN_SECTIONS,
} from './src/locales/core-sections';

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

/**
 * A language file in eight modules: `virtual:locale-core/<lang>` holds the CORE_SECTIONS of src/locales/<lang>.json,
 * for the first download, `virtual:locale-help/<lang>` the HELP_SECTIONS, loaded when help is opened,
 * `virtual:locale-columns/<lang>` the COLUMN_SECTIONS, loaded by the lists with a column chooser,
 * `virtual:locale-commands/<lang>` the COMMAND_SECTIONS, loaded by the pages that pick command targets,
 * `virtual:locale-users/<lang>` the USER_ADMIN_SECTIONS, loaded by the user list and the personal centre,
 * `virtual:locale-register/<lang>` the REGISTER_SECTIONS, loaded by the register and reset-password pages,
 * `virtual:locale-flow/<lang>` the FLOW_SECTIONS, loaded by the energy-flow graph,
 * `virtual:locale-bigscreen/<lang>` the BIG_SCREEN_SECTIONS, loaded by the big screens and the kiosk links, and
 * `virtual:locale-pages/<lang>` every other section, which the shell loads (lib/i18n.ts).
 * Importing sections from the JSON file would not do: the shell needs the rest as well, so the bundler would keep the
 * file one chunk and the login page would get every page's texts (bench/web-size).
 */
function localeParts(): Plugin {
  const part = /^\0?virtual:locale-(core|pages|help|columns|commands|users|register|flow|bigscreen)\/([a-z]{2})$/;
  const parts = new Map<string, string>([
    ...CORE_SECTIONS.map((section) => [section, 'core'] as const),
    ...HELP_SECTIONS.map((section) => [section, 'help'] as const),
    ...COLUMN_SECTIONS.map((section) => [section, 'columns'] as const),
    ...COMMAND_SECTIONS.map((section) => [section, 'commands'] as const),
    ...USER_ADMIN_SECTIONS.map((section) => [section, 'users'] as const),
    ...REGISTER_SECTIONS.map((section) => [section, 'register'] as const),
    ...FLOW_SECTIONS.map((section) => [section, 'flow'] as const),
    ...BIG_SCREEN_SECTIONS.map((section) => [section, 'bigscreen'] as const),
  ]);
  const partOf = (section: string) => parts.get(section) ?? 'pages';
  return {
    name: 'voltfleet:locale-parts',
    resolveId: (id) => (part.test(id) ? `\0${id}` : null),
    load(id) {
      const [, which, lang] = id.startsWith('\0') ? (part.exec(id) ?? []) : [];
      if (!which || !lang) return null;
      const file = `${src}/locales/${lang}.json`;
      this.addWatchFile(file);
      const whole = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.entries(whole).filter(([section]) => partOf(section) === which);
      return `export default ${JSON.stringify(Object.fromEntries(picked))};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), antdFormContextOnly(), localeParts()],
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
  },
});
