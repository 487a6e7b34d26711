// Draws the web app's icons (manifest, iOS home screen) from apps/web/public/favicon.svg with the system Chromium, once:
// the PNGs are committed beside it, so a build downloads and draws nothing. Run again after the favicon changes:
//   node scripts/pwa-icons.mjs
// "any" icons are the favicon as it is (its rounded square); maskable ones fill the square with the brand blue and
// keep the bolt inside the middle 80 % (the zone no launcher mask cuts); iOS rounds the apple-touch-icon itself, so it
// is filled edge to edge too (a transparent corner shows black there).
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const BRAND = '#1677ff';

const favicon = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
const bolt = favicon.match(/<path[^>]*\/>/)?.[0];
if (!bolt) throw new Error('favicon.svg has no <path> to draw the bolt from');

/** The bolt on a full square, scaled to `share` of the side around the middle. */
const filled = (share) => {
  const scale = share;
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${bolt}</g></svg>`;
};

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: favicon },
  { file: 'icons/icon-512.png', size: 512, svg: favicon },
  { file: 'icons/icon-maskable-192.png', size: 192, svg: filled(0.7) },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: filled(0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: filled(0.8) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  await mkdir(path.join(publicDir, 'icons'), { recursive: true });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(publicDir, icon.file), omitBackground: true });
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
