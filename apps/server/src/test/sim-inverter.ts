import type { InverterModel } from '@voltfleet/domain/devices';
import { SimInverter, flatTariff } from '@voltfleet/simulator';

/**
 * A simulated inverter without a battery on a roof near Prague, as the server tests connect one over MQTT or OSIM:
 * a 10K on PCU 4.0.0 and DSP V201A00D00 unless told otherwise.
 */
export function testSimInverter(
  sn: string,
  options: {
    model?: InverterModel;
    pv1PeakW?: number;
    pv2PeakW?: number;
    dspVersion?: string;
    seed?: number;
  } = {},
): SimInverter {
  return new SimInverter(
    {
      kind: 'inverter',
      sn,
      plantId: 'p',
      model: options.model ?? '10K',
      pv1PeakW: options.pv1PeakW ?? 5000,
      pv2PeakW: options.pv2PeakW ?? 5000,
      pcuVersion: '4.0.0',
      dspVersion: options.dspVersion ?? 'V201A00D00',
    },
    {
      id: 'p',
      latitude: 50,
      longitude: 14,
      timeZone: 'Europe/Prague',
      azimuthDeg: 180,
      inclinationDeg: 35,
      tariff: flatTariff(5),
      grid: { nominalV: 230, frequencyHz: 50 },
      hasCabinet: false,
    },
    { seed: options.seed ?? 1, startMs: Date.now(), load: { profile: 'household', dailyKwh: 10 } },
  );
}
