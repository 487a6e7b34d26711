import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const EXCELJS_ONLY =
  'Write and read sheets through apps/server/src/platform/spreadsheet.ts (tests: test/xlsx-fixtures.ts, e2e/support/xlsx.ts).';
const BARE_DOMAIN = {
  name: '@voltfleet/domain',
  message: 'Import from the context that exports it: @voltfleet/domain/<context> (packages/domain/package.json).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      'bench/.tmp/**',
      'e2e/.artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The domain package is imported by context (`@voltfleet/domain/plants`, …/alarms): its package.json has no "."
    // entry, and a page's first download carries only the contexts it names (decision 0029). This is the
    // typescript-eslint variant of no-restricted-imports, so the per-folder boundaries below leave it in force; the
    // sheet writer's block further down names it again, as a later block's options for the same rule replace these.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [BARE_DOMAIN] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Which folder may import which (front doors, layers, apps apart, no cycles) is dependency-cruiser's
  // (.dependency-cruiser.cjs, run by scripts/dependency-check.mjs in `npm run lint`), not ESLint's: one owner per rule.
  {
    // One sheet writer (issue 37): ExcelJS is imported by the server's writer and reader of sheets alone, and read in
    // tests through one support file per suite (server, journeys). A rule of its own name, so the boundary blocks'
    // no-restricted-imports above and below neither replace it nor are replaced by it.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'apps/server/src/platform/spreadsheet.ts',
      'apps/server/src/test/xlsx-fixtures.ts',
      'e2e/support/xlsx.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'exceljs', message: EXCELJS_ONLY }, BARE_DOMAIN] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "ImportExpression[source.value='exceljs']", message: EXCELJS_ONLY },
      ],
    },
  },
  {
    // A file a newcomer reads in one sitting (issue 12): split by responsibility before it grows past 400 lines. The
    // OSIM register tables are generated data (scripts/generate-tables.mjs), not read top to bottom.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/osim/src/tables/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
