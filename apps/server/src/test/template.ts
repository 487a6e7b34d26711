import { inject, type ProvidedContext } from 'vitest';

export type TestTemplate = ProvidedContext['template'];

/**
 * The migrated, seeded template database of this run (src/test/global-setup.ts). The `engine-free` project builds
 * none: a file there that asks for one is not engine-free, and says so instead of failing somewhere deeper.
 */
export function testTemplate(): TestTemplate {
  const template = inject('template') as TestTemplate | undefined;
  if (!template) {
    throw new Error(
      'this test file opens a database but is listed as engine-free (ENGINE_FREE in apps/server/vitest.config.ts): ' +
        'remove it from that list so it runs on PGlite and on PostgreSQL',
    );
  }
  return template;
}
