// After `npm ci`: every optional package the lockfile has for this machine's os, cpu and libc is installed.
// npm skips an optional package whose download or install failed without failing `npm ci` (a CI run on 2026-12-03
// lost rolldown's native binding that way, and the web build failed four minutes later with "Cannot find native
// binding"). Prints what is missing and exits 1, so .ci/run can install again at once.
//
//   node scripts/check-install.mjs
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** glibc or musl, as npm judges a package's `libc` (Node reports the glibc version it runs on). */
function libc() {
  const header = process.report?.getReport?.().header;
  return header && 'glibcVersionRuntime' in header ? 'glibc' : 'musl';
}

const allows = (list, value) => {
  if (!Array.isArray(list)) return true;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((v) => !v.startsWith('!'));
  return positive.length === 0 || positive.includes(value);
};

export function missingOptional(root = ROOT) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const here = { os: process.platform, cpu: process.arch, libc: process.platform === 'linux' ? libc() : undefined };
  const missing = [];
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.startsWith('node_modules/') && !where.includes('/node_modules/')) continue;
    // Only packages made for some machines (a native binary by os and cpu): an optional package without such a
    // constraint is installed only when what needs it is (a WebAssembly fallback's helpers are not).
    if (!entry.optional || entry.link || (!Array.isArray(entry.os) && !Array.isArray(entry.cpu))) continue;
    if (!allows(entry.os, here.os) || !allows(entry.cpu, here.cpu)) continue;
    if (here.libc && !allows(entry.libc, here.libc)) continue;
    if (!existsSync(path.join(root, where, 'package.json'))) missing.push(`${where} ${entry.version ?? ''}`.trim());
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = missingOptional();
  if (missing.length > 0) {
    console.error(
      `npm ci left out ${missing.length} optional package(s) this machine needs:\n  ${missing.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log('install check: every optional package for this machine is installed');
}
