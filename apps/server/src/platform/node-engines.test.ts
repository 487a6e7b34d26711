/**
 * The project runs on the Node.js version its README and root package.json name (`engines.node`, the lowest one
 * it allows): every package the lock file installs must support it, or `npm install` warns EBADENGINE and the
 * package may use what that Node lacks. The root package.json pins (overrides) what a newer release would break.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string): unknown => JSON.parse(readFileSync(`${root}${file}`, 'utf8'));

interface LockPackage {
  version?: string;
  engines?: unknown;
}

const manifest = read('package.json') as { engines: { node: string } };
const lock = read('package-lock.json') as { packages: Record<string, LockPackage> };
const lowest = semver.minVersion(manifest.engines.node);

/** The packages whose engines.node range leaves out `version`. */
function refusing(packages: Record<string, LockPackage>, version: string): string[] {
  return Object.entries(packages)
    .filter(([, pkg]) => typeof pkg.engines === 'object' && pkg.engines !== null && 'node' in pkg.engines)
    .filter(([, pkg]) => {
      const range = (pkg.engines as { node: unknown }).node;
      return typeof range === 'string' && !semver.satisfies(version, range);
    })
    .map(([name, pkg]) => `${name}@${pkg.version ?? '?'}`);
}

describe('Node.js version', () => {
  it('names a lowest version, the one the README asks for', () => {
    expect(lowest?.version).toMatch(/^\d+\.\d+\.\d+$/);
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(readme).toContain(`Node.js ${lowest?.major}.${lowest?.minor}`);
  });

  it('installs no package that refuses it', () => {
    expect(refusing(lock.packages, lowest!.version)).toEqual([]);
  });

  it('would see a package that wants a newer Node', () => {
    const packages = { 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } }, x: {} };
    expect(refusing(packages, '20.19.0')).toEqual(['node_modules/cookie@2.0.2']);
  });
});
