// Shared by the benchmarks: results files, timing, simulated readings.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function writeResult(name, result) {
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = path.join(ROOT, 'bench/results', `${name}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ name, measuredAt: new Date().toISOString(), machine: machine(), ...result }, null, 2)}\n`,
  );
  return file;
}

function machine() {
  return {
    node: process.version,
    platform: process.platform,
    cpus: (globalThis.navigator?.hardwareConcurrency ?? 0) || undefined,
  };
}

/** The system Chromium's flags on this machine, as the e2e journeys launch it. */
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.mjs';

export const round = (n, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
export const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
export const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Simulated readings (about 60–110 fields each) for `devices` inverters, `perDevice` readings each, in time order. */
export async function simulatedReadings(devices, perDevice) {
  const { createFleet, demoFleetConfig } = await import('../packages/simulator/dist/index.js');
  const startMs = Date.now() - perDevice * 60_000 - 3_600_000;
  const demo = demoFleetConfig({ startMs, seed: 11 });
  const template = demo.devices.filter((d) => d.kind === 'inverter');
  const plant = demo.plants[0];
  const inverters = Array.from({ length: devices }, (_, i) => ({
    ...template[i % template.length],
    sn: `VFBENCH${String(i).padStart(6, '0')}`,
    plantId: plant.id,
    collectorSn: undefined,
  }));
  const fleet = createFleet({ seed: 11, startMs, plants: [plant], devices: inverters });
  const readings = [];
  fleet.advance(startMs + perDevice * 60_000, 60, (r) => readings.push(r));
  return { readings, inverters, plant };
}

/**
 * Runs `body` against the built app with the demo fleet live (two days of seeded history, waited for; weather asked
 * of a closed local port: no internet here) and a headless Chromium, with the admin's API client and token, then
 * stops both. `env` adds to the server's environment.
 */
export async function withDemoApp(env, body) {
  assertAppBuilt();
  const { ADMIN_PASSWORD, startServer } = await import('../e2e/support/server.mjs');
  const { createApi } = await import('../e2e/support/api.mjs');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../e2e/support/chromium.mjs');
  const server = await startServer(
    { DEMO_FLEET: 'on', DEMO_HISTORY_DAYS: '2', WEATHER_URL: 'http://127.0.0.1:9/', ...env },
    { readyMs: 300_000 },
  );
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    try {
      await demoSeeded(server.baseUrl);
      const api = createApi(server.baseUrl);
      const token = await api.login('admin', ADMIN_PASSWORD);
      return await body({ server, browser, api, token });
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** Waits until the server's demo fleet has seeded its history (GET /api/demo/seeding), at most `waitMs`. */
async function demoSeeded(baseUrl, waitMs = 180_000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { data } = await (await fetch(`${baseUrl}/api/demo/seeding`)).json();
    if (data.state === 'done') return;
    if (data.state === 'failed' || Date.now() > deadline) throw new Error(`demo not seeded: ${JSON.stringify(data)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Throws unless the server and the web app have been built (`npm run build`). */
function assertAppBuilt() {
  for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html'])
    if (!existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
}
