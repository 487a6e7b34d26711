import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverFeatureTests } from '../../../../scripts/test-changed.mjs';

// The quick loop's choice of server tests for a change confined to feature folders (scripts/test-changed.mjs), read
// from this repository's own sources.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const F = 'apps/server/src/features';

describe('serverFeatureTests', () => {
  it('runs a feature’s own tests and those of the features importing it, not the rest', () => {
    const plan = serverFeatureTests(ROOT, [`${F}/roles/builtin-roles.ts`])!;
    expect(plan.features).toContain('roles');
    expect(plan.tests).toContain(`${F}/roles/builtin-roles.test.ts`);
    expect(plan.tests).toContain(`${F}/roles/roles.test.ts`);
    // Users are created with roles: the users feature imports the roles feature.
    expect(plan.features).toContain('users');
    expect(plan.tests.some((t) => t.startsWith(`${F}/alarms/`))).toBe(false);
    expect(plan.tests.some((t) => t.startsWith('apps/server/src/platform/openapi-'))).toBe(false);
  });

  it('adds the route-wide checks when a route file changed', () => {
    const plan = serverFeatureTests(ROOT, [`${F}/alarms/alarms.routes.ts`])!;
    expect(plan.tests).toEqual(
      expect.arrayContaining([
        `${F}/alarms/alarm-search.test.ts`,
        'apps/server/src/platform/openapi-scope.test.ts',
        'apps/server/src/platform/openapi-hostile.test.ts',
      ]),
    );
  });

  it('leaves a change outside the feature folders to vitest related', () => {
    expect(serverFeatureTests(ROOT, ['apps/server/src/platform/auth.ts', `${F}/roles/roles.service.ts`])).toBe(
      undefined,
    );
    expect(serverFeatureTests(ROOT, ['packages/domain/src/plants/index.ts'])).toBe(undefined);
  });
});
