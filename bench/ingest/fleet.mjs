// The ingest benchmark's fleet: `count` inverters (each with its battery) cloned round-robin from the demo fleet's 22
// inverters, on the demo fleet's 13 plants in 7 time zones, one reading a minute each. Every clone is an inverter with
// its battery and no storage cabinet, so a reading carries the PV, grid, load, battery and inverter groups (75 fields);
// the cabinet groups of the demo's storage plants are left out. Deterministic: every process that builds the same
// slice gets the same readings.
import { ROOT } from '../support.mjs';

const simulator = () => import(`${ROOT}/packages/simulator/dist/index.js`);
export const REPORT_INTERVAL_S = 60;

export const snOf = (i) => `VFBI${String(i).padStart(6, '0')}`;

/** Plants and devices of the whole fleet (simulation ids; the database gives its own). */
export async function benchFleet(count, startMs) {
  const { demoFleetConfig } = await simulator();
  const demo = demoFleetConfig({ startMs, seed: 17 });
  const inverters = demo.devices.filter((d) => d.kind === 'inverter');
  const batteries = demo.devices.filter((d) => d.kind === 'battery');
  const devices = [];
  for (let i = 0; i < count; i++) {
    const template = inverters[i % inverters.length];
    const sn = snOf(i);
    devices.push({ ...template, sn, collectorSn: undefined, reportIntervalS: REPORT_INTERVAL_S });
    const battery = batteries.find((b) => b.inverterSn === template.sn);
    if (battery) devices.push({ ...battery, sn: `VFBB${String(i).padStart(6, '0')}`, inverterSn: sn });
  }
  const plants = demo.plants.map((p) => ({ ...p, storageCabinet: false }));
  return { seed: 17, startMs, plants, devices };
}

/**
 * Readings of the inverters `from` … `to - 1`: `perDevice` each, one a minute from `startMs`, as JSON buffers ready to
 * publish (serialised before any measurement). Returns `payloads[device][n]`.
 */
export async function fleetReadings(count, from, to, perDevice, startMs) {
  const { createFleet } = await simulator();
  const whole = await benchFleet(count, startMs);
  const wanted = new Set(Array.from({ length: to - from }, (_, k) => snOf(from + k)));
  const devices = whole.devices.filter((d) => wanted.has(d.kind === 'battery' ? d.inverterSn : d.sn));
  const plantIds = new Set(devices.map((d) => d.plantId));
  const fleet = createFleet({ ...whole, plants: whole.plants.filter((p) => plantIds.has(p.id)), devices });
  const bySn = new Map([...wanted].map((sn) => [sn, []]));
  fleet.advance(startMs + perDevice * REPORT_INTERVAL_S * 1000, REPORT_INTERVAL_S, (reading) => {
    const list = bySn.get(reading.sn);
    if (list.length < perDevice) list.push(Buffer.from(JSON.stringify(reading)));
  });
  return [...wanted].map((sn) => ({ sn, payloads: bySn.get(sn) }));
}
