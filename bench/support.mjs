// Shared by the benchmarks: results files, timing, simulated readings.
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

export const round = (n, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

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
