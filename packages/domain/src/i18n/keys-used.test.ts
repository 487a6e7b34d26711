import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { isMessageKey } from '../messages.js';

// Every message key the code names exists in the catalogue. `AppError` and `UPGRADE_RULE_MESSAGES` take a typed
// `MessageKey`, so the compiler checks those; zod messages, `translate(…)` and `notifySuccess(…)` take strings, so
// this reads the sources of the domain, the server and the web for a key literal in those places.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCES = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];

/** A key literal as a zod check's message, a `message:` property, or the first argument of a translating call. */
const KEY_USE =
  /(?:\bmessage:\s*|\b(?:translate|notifySuccess|min|max|length|regex|refine|int|positive|nonnegative|nonempty|email|number|string|enum|gte|lte|gt|lt|multipleOf)\([^'()]*?)'([a-z][A-Za-z]*\.[A-Za-z0-9_.]+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The key literals a source text uses. */
const keysUsed = (text: string): string[] => [...text.matchAll(KEY_USE)].map((m) => m[1] ?? '');

describe('message keys used by the code', () => {
  const uses = SOURCES.flatMap((dir) =>
    sourceFiles(join(ROOT, dir)).flatMap((file) =>
      keysUsed(readFileSync(file, 'utf8')).map((key) => ({ key, file: file.slice(ROOT.length) })),
    ),
  );

  test('are found (the scan reads the places keys are named)', () => {
    expect(uses.length).toBeGreaterThan(300);
  });

  test('all exist in the catalogue', () => {
    expect(uses.filter(({ key }) => !isMessageKey(key))).toEqual([]);
  });

  test.each([
    ["z.string().min(1, 'validation.required')", ['validation.required']],
    ["{ message: 'plant.nameTaken' }", ['plant.nameTaken']],
    ["translate('auth.publicKeyFailed', lang)", ['auth.publicKeyFailed']],
    ["notifySuccess('success.nope')", ['success.nope']],
    ["i18next.t('auth.insecureContext')", []],
  ])('the scan reads %s', (text, keys) => {
    expect(keysUsed(text)).toEqual(keys);
  });
});
