import { defaultServerConditions } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default for `run` is one worker fewer than the cores: one worker on the 2-core CI machine, where
      // this suite then took 248 s; two workers took 158 s (npm test runs this suite alone on the cores).
      maxWorkers: 2,
      projects: [
        // Pure logic (*.test.ts): plain Node, as before.
        {
          extends: true,
          // Tests run in Node (the "ssr" environment), which resolves with its own conditions.
          ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
          test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'] },
        },
        // Components (*.test.tsx): rendered with the app's providers into jsdom, which lacks a few browser APIs
        // Ant Design reads (setup.ts adds them); only these files pay for the DOM. Their sources resolve as the
        // browser build does (vite.config's `source` condition); the `source` condition is not handed to Node here,
        // as Node then loads packages that publish TypeScript under it (scroll-into-view-if-needed, under antd).
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: ['src/**/*.test.tsx'],
            setupFiles: ['src/test/setup.ts'],
            // The files of a worker share one module graph: Ant Design, React and the app's modules are imported
            // once per worker, not once per file (this suite took 155 s isolated, 55 s shared, on two cores). The
            // setup file puts back, before each file, the module state a file may leave behind (the language, the
            // app's query cache, the session).
            isolate: false,
            // A test takes one or two seconds; the first of a file also styles every Ant Design component it
            // renders, and npm test runs another suite beside this one on the two cores: the limit catches a hung
            // test, not a slow machine.
            testTimeout: 30_000,
          },
        },
      ],
    },
  }),
);
