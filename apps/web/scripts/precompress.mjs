// Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the built app (dist/), which the server sends
// to a browser that accepts them (@fastify/static `preCompressed`, apps/server/src/platform/web-app.ts). Compressed
// once here at the strongest settings rather than on every request: a phone on a slow network downloads about a
// third of the bytes (decision 0044). A copy is written only when it saves at least 10 % of the file.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_SAVING = 0.9;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

async function compress(file) {
  const body = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [suffix, copy] of [
    ['.br', br],
    ['.gz', gzipped],
  ]) {
    if (copy.length > body.length * MIN_SAVING) continue;
    await writeFile(file + suffix, copy);
    written += 1;
  }
  return { raw: body.length, br: Math.min(br.length, body.length), written };
}

const dist = path.resolve(process.argv[2] ?? 'dist');
if (!(await stat(dist).catch(() => null))?.isDirectory()) throw new Error(`precompress: no directory ${dist}`);
const started = Date.now();
const queue = [];
for await (const file of files(dist)) queue.push(file);
let raw = 0;
let br = 0;
let copies = 0;
// A few at a time: Brotli's strongest setting is CPU-bound, and the pool of zlib threads is small.
for (let i = 0; i < queue.length; i += 8) {
  for (const result of await Promise.all(queue.slice(i, i + 8).map(compress))) {
    raw += result.raw;
    br += result.br;
    copies += result.written;
  }
}
console.log(
  `precompress: ${queue.length} files, ${copies} copies, ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli in ${Date.now() - started} ms`,
);
