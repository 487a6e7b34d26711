/** The lint rules that keep the layers apart (eslint.config.js) refuse a deliberately wrong import. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer boundaries', () => {
  it.each([
    [
      'a feature importing another feature’s repository',
      'apps/server/src/features/plants/wrong.ts',
      "import { findUserById } from '../users/users.repository.js';\nexport const x = findUserById;\n",
      /owning feature's service/,
    ],
    [
      'platform importing a feature',
      'apps/server/src/platform/wrong.ts',
      "import { sessionStore } from '../features/auth/session.repository.js';\nexport const x = sessionStore;\n",
      /platform\/ never imports a feature/,
    ],
    [
      'the web app importing the server',
      'apps/web/src/lib/wrong.ts',
      "import { buildApp } from '../../../server/src/app.js';\nexport const x = buildApp;\n",
      /No app imports another app/,
    ],
    [
      'a package importing an app',
      'packages/domain/src/wrong.ts',
      "import { buildApp } from '../../../apps/server/src/app.js';\nexport const x = buildApp;\n",
      /.+/,
    ],
  ])('refuses %s', async (_what, file, code, message) => {
    const found = await problems(file, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(message);
  });

  it('lets a feature use its own repository and another feature’s service', async () => {
    expect(
      await problems(
        'apps/server/src/features/plants/fine.ts',
        "import { insertPlant } from './plants.repository.js';\nimport { toUser } from '../users/users.service.js';\nexport const x = [insertPlant, toUser];\n",
      ),
    ).toEqual([]);
  });
});

describe('table owners', () => {
  const src = fileURLToPath(new URL('../', import.meta.url));
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
    // Tests and their fixtures (test/) set rows up directly; migrations create the tables.
    .filter((f) => f.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(f) && !/^(test|db[/\\]migrations)/.test(f))
    .map((f) => ({ file: f.split(sep).join('/'), text: readFileSync(join(src, f), 'utf8') }));
  /** The files whose SQL writes the table. */
  const writersOf = (table: string) => {
    const write = new RegExp(`\\b(INSERT INTO|UPDATE|DELETE FROM)\\s+${table}\\b`, 'i');
    return sources.filter((s) => write.test(s.text)).map((s) => s.file);
  };

  it.each([
    ['devices', /^features\/devices\/device-writes\.repository\.ts$/],
    ['commands', /^features\/commands\/[a-z-]+\.repository\.ts$/],
  ])('only its owner writes %s', (table, owner) => {
    const writers = writersOf(table);
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((f) => !owner.test(f))).toEqual([]);
  });

  it('finds a write outside the owner (the check can fail)', () => {
    const write = new RegExp(`\\b(INSERT INTO|UPDATE|DELETE FROM)\\s+devices\\b`, 'i');
    expect(write.test('await db.query(`UPDATE devices SET x = 1`)')).toBe(true);
  });

  it('keeps SQL out of the device links: they take interfaces the features implement', () => {
    const sql = /\b(SELECT\s[\s\S]*?\sFROM|INSERT INTO|UPDATE\s+\w+\s+SET|DELETE FROM)\b/;
    expect(sources.filter((s) => s.file.startsWith('link/') && sql.test(s.text)).map((s) => s.file)).toEqual([]);
  });
  it('keeps SQL in repositories (and the database layer): no other source file sends a statement', () => {
    const statement = /\.(query|exec)(<[^(]*>)?\(\s*[`'"]/;
    // Not table access: the live bus is PostgreSQL's LISTEN/NOTIFY transport, /readyz asks the database `SELECT 1`.
    const transports = new Set(['features/live/live.bus.ts', 'platform/observability.ts']);
    const outside = sources
      .filter((s) => !s.file.endsWith('.repository.ts') && !s.file.startsWith('db/') && !transports.has(s.file))
      .filter((s) => statement.test(s.text))
      .map((s) => s.file);
    expect(outside).toEqual([]);
    expect(statement.test('await db.query<{ n: number }>(`SELECT 1`)')).toBe(true);
  });
});
