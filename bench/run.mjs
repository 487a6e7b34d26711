// Runs every benchmark (bench/<name>/run.mjs), or the ones named on the command line.
import { readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const names = (await readdir(here, { withFileTypes: true }))
  .filter((d) => d.isDirectory() && existsSync(path.join(here, d.name, 'run.mjs')))
  .map((d) => d.name)
  .filter((n) => wanted.length === 0 || wanted.includes(n));
for (const name of names) {
  console.log(`=== bench: ${name} ===`);
  const mod = await import(path.join(here, name, 'run.mjs'));
  await mod.run();
}
