import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingOptional } from '../../../../scripts/check-install.mjs';

// .ci/run's check after `npm ci`: the optional packages made for this machine (a native binding by os, cpu, libc)
// are installed; packages for other machines, and optional helpers without such a constraint, are not asked for.
const dir = mkdtempSync(path.join(os.tmpdir(), 'voltfleet-install-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const here = { os: [process.platform], cpu: [process.arch] };
const lock = {
  packages: {
    '': { name: 'root' },
    'node_modules/native-here': { version: '1.0.0', optional: true, ...here },
    'node_modules/native-other-cpu': { version: '1.0.0', optional: true, os: [process.platform], cpu: ['wasm32'] },
    'node_modules/native-not-here': { version: '1.0.0', optional: true, ...here, os: [`!${process.platform}`] },
    'node_modules/helper-of-a-fallback': { version: '2.0.0', optional: true },
    'node_modules/required': { version: '3.0.0' },
  },
};

function install(packages: string[]): string {
  const root = mkdtempSync(path.join(dir, 'root-'));
  writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock));
  for (const name of packages) {
    mkdirSync(path.join(root, 'node_modules', name), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', name, 'package.json'), '{}');
  }
  return root;
}

describe('check-install', () => {
  it('names an optional package made for this machine that npm left out', () => {
    expect(missingOptional(install(['required']))).toEqual(['node_modules/native-here 1.0.0']);
  });

  it('is content once it is there, and never asks for other machines’ packages or unconstrained helpers', () => {
    expect(missingOptional(install(['required', 'native-here']))).toEqual([]);
  });

  it('passes on this checkout', () => {
    expect(missingOptional()).toEqual([]);
  });
});
