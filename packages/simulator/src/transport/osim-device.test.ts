import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import {
  FrameReader,
  buildCommand,
  buildQuery,
  buildRegisterQuery,
  commandCode,
  decodeFrame,
  decodeMessage,
  encodeFrame,
  mergeBlock,
  pollingCommands,
  resolveCommand,
  type OsimFrame,
  type OsimInput,
  type OsimRecord,
  type OsimValues,
} from '@voltfleet/osim';
import { createFleet } from '../fleet.js';
import type { SimInverter } from '../inverter.js';
import { demoFleetConfig } from '../demo-fleet.js';
import { OsimDevice } from './osim-device.js';

const START = Date.parse('2026-06-10T06:00:00Z');
const config = demoFleetConfig({ startMs: START, seed: 3 });
const fleet = createFleet(config);
fleet.advance(START + 6 * 3600_000, 60);
// An inverter with a battery in daylight, so every checked value is non-zero.
const inverter = fleet.inverters.find(
  (i) => i.battery !== undefined && (i.reading(fleet.now).values.pv1PowerW ?? 0) > 0,
)!;

function decodedReplies(device: OsimDevice, code: string, version: number): Map<string, OsimValues> {
  const out = new Map<string, OsimValues>();
  for (const frame of device.replies(code, fleet.now)) {
    const decoded = decodeMessage(frame, version);
    if (!decoded.ok) throw new Error(`${code}: ${decoded.error.code}`);
    expect(decoded.value.direction).toBe('reply');
    out.set(decoded.value.payload!.command.code, decoded.value.payload!.values);
  }
  return out;
}

describe('OsimDevice replies', () => {
  it.each([258, 259, 500, 603])('answers every polled query of PCU version %i with decodable frames', (version) => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter, pcuVersion: version });
    for (const code of pollingCommands(version)) expect(decodedReplies(device, code, version).size).toBeGreaterThan(0);
    expect([...decodedReplies(device, '99', version).keys()]).toEqual(['99', '9A', '9B', '9C']);
  });

  it('identifies itself with its serial number, model code and version', () => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter, pcuVersion: 500 });
    const values = decodedReplies(device, '98', 500).get('98')!;
    const modelCode = { '10K': 1, '5K': 2, '6K': 3 }[inverter.model];
    expect(values).toMatchObject({ sn: inverter.sn, pcuVersion: 500, modelCode });
    // The inverter runs the version 98 reports, so the version an MQTT status would carry is the same one.
    expect(inverter.pcuVersion).toBe('5.0.0');
  });

  it.each([500, 603])('reports the DSP version it runs in 0B at PCU %i', (version) => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter, pcuVersion: version });
    const before = inverter.dspVersion;
    try {
      inverter.dspVersion = 'V105A01D03';
      expect(decodedReplies(device, '0B', version).get('0B')).toMatchObject({
        dspHighVersion: 105,
        dspLowVersion: 103,
      });
    } finally {
      inverter.dspVersion = before;
    }
  });

  it.each([
    ['0B', 'pv1Power', 'pv1PowerW', 0],
    ['0B', 'pv1Voltage', 'pv1VoltageV', 1],
    ['0B', 'gridFrequency', 'gridFrequencyHz', 2],
    ['0A', 'batterySoc', 'batSocPct', 0],
    ['99', 'pvDailyPowerGeneration', 'pvEnergyTodayKwh', 1],
    ['9C', 'batteryChargingOnTheDay', 'batChargeTodayKwh', 1],
  ] as const)('carries %s %s from the inverter state (%s)', (code, field, key, digits) => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter });
    const expected = inverter.reading(fleet.now).values[key]!;
    expect(expected).toBeGreaterThan(0);
    const replies = decodedReplies(device, code === '9C' ? '99' : code, 603);
    expect(replies.get(code)![field]).toBeCloseTo(expected, digits);
  });

  it('answers nothing to a write or an unknown command', () => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter });
    expect(device.replies('64', fleet.now)).toEqual([]);
    expect(device.replies('EE', fleet.now)).toEqual([]);
  });
});

/** A frame as the cloud sends it, decoded back into the frame the device reads. */
function requestFrame(code: string, values: OsimInput, version = 603, validate = true): OsimFrame {
  const bytes = buildCommand(code, values, version, 'request', { validate });
  if (!bytes.ok) throw new Error(`${code}: ${bytes.error.code}`);
  const frame = decodeFrame(bytes.value);
  if (!frame.ok) throw new Error(frame.error.code);
  return frame.value;
}

/** A fresh inverter per test, so writes do not leak between tests. */
function freshInverter(): SimInverter {
  const own = createFleet(config);
  own.advance(START + 3600_000, 60);
  return own.inverters.find((i) => i.sn === inverter.sn)!;
}

/** The decoded block `code` (95, 9D, A2) as the device reports it. */
function block(device: OsimDevice, code: string, version = 603): OsimValues {
  return decodedReplies(device, code, version).get(code)!;
}

/** Writes a block read back whole with some fields changed, as the gateway does; the echo if accepted. */
function writeBack(device: OsimDevice, read: string, write: string, changes: OsimInput, version = 603) {
  const command = resolveCommand(write, version);
  if (!command.ok) throw new Error(write);
  const merged = mergeBlock(command.value, block(device, read, version), changes);
  if (!merged.ok) throw new Error(`${write}: ${merged.error.code}`);
  return device.write(requestFrame(write, merged.value, version), Date.now());
}

describe('OsimDevice settings blocks', () => {
  it('reports the parameters in 95 (with the tariff table), 9D and A2 as the gateway maps them', () => {
    const inv = freshInverter();
    const tariff = {
      tariffPriceSharpMilli: 1200,
      tariffPricePeakMilli: 900,
      tariffPriceFlatMilli: 500,
      tariffPriceValleyMilli: 300,
      tariffPeriodCount: 2,
      tariffPeriod0Type: 4,
      tariffPeriod0StartMin: 0,
      tariffPeriod0EndMin: 479,
      tariffPeriod1Type: 2,
      tariffPeriod1StartMin: 480,
      tariffPeriod1EndMin: 1439,
    };
    expect(inv.applyParameters({ ...tariff, batteryType: 2, batteryChargeState: 1, acCouplingPvSource: 3 }).ok).toBe(
      true,
    );
    expect(
      inv.applyParameters({
        forcedChargingMode: 2,
        forcedChargeDays: 0b0000101,
        forcedDischargeDays: 0b1000000,
        forcedChargeStartMin: 60,
        forcedChargeEndMin: 180,
        forcedDischargeStartMin: 1080,
        forcedDischargeEndMin: 1200,
      }).ok,
    ).toBe(true);
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: inv });
    const b95 = block(device, '95');
    expect(b95).toMatchObject({ dcBatteryType: 2, batteryCharge: 1, price1: 1.2, price2: 0.9, price4: 0.3 });
    expect(b95.totalPriceNum).toBe(2);
    expect((b95.elecPrice as OsimRecord[]).slice(0, 2)).toEqual([
      { startTime: 0, endTime: 479, electricityTypeValue: 4 },
      { startTime: 480, endTime: 1439, electricityTypeValue: 2 },
    ]);
    expect(block(device, '9D')).toMatchObject({ pvSourceChoice: 3, backUpOrder: 0 });
    const a2 = block(device, 'A2');
    expect(a2).toMatchObject({ fcOpen: 1, fcMonEnable: 2, fcTusEnable: 0, fcWenEnable: 2, fcSunEnable: 0 });
    expect(a2).toMatchObject({ fdOpen: 1, fdSunEnable: 2, fdMonEnable: 0, fcTimeRangeLen: 1, fdTimeRangeLen: 1 });
    expect((a2.fcTimeGap as OsimRecord[])[0]).toEqual({ startTime: 60, endTime: 180 });
    expect((a2.fdTimeGap as OsimRecord[])[0]).toEqual({ startTime: 1080, endTime: 1200 });
  });

  it.each([
    ['66', '95', { batteryCharge: 0 }, { batteryChargeState: 0 }],
    ['69', '95', { dcBatteryType: 2 }, { batteryType: 2 }],
    ['6A', '9D', { pvSourceChoice: 2, backUpOrder: 1 }, { acCouplingPvSource: 2, backupSupplyOrder: 1 }],
    [
      '66',
      '95',
      { price2: 1.5, elecPrice: [{ startTime: 0, endTime: 1439, electricityTypeValue: 2 }] },
      { tariffPricePeakMilli: 1500, tariffPeriodCount: 1, tariffPeriod0Type: 2, tariffPeriod0EndMin: 1439 },
    ],
  ] as const)('a whole %s block written back sets the parameters it carries', (write, read, changes, expected) => {
    const inv = freshInverter();
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: inv });
    const echo = writeBack(device, read, write, changes);
    expect(echo).toHaveLength(1);
    expect(decodeMessage(echo[0]!, 603)).toMatchObject({ ok: true, value: { direction: 'reply' } });
    expect(inv.parameters).toMatchObject(expected);
    const reported = block(device, read);
    for (const [key, value] of Object.entries(changes))
      // A group reads back with all its records (95 holds 16 periods): the written ones come first.
      if (Array.isArray(value)) expect((reported[key] as OsimRecord[]).slice(0, value.length)).toEqual(value);
      else expect(reported[key]).toBe(value);
  });

  it('71 sets weekly forced charging: weekly days (wire 3) become mode 2, bit 0 = Monday', () => {
    const inv = freshInverter();
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: inv });
    const echo = writeBack(device, 'A2', '71', {
      fcOpen: 1,
      fcMonEnable: 2,
      fcSunEnable: 2,
      fcTimeRangeLen: 1,
      fcTimeGap: [{ startTime: 120, endTime: 240 }],
    });
    expect(echo).toHaveLength(1);
    expect(inv.parameters).toMatchObject({
      forcedChargingMode: 2,
      forcedChargeDays: 0b1000001,
      forcedDischargeDays: 0,
      forcedChargeStartMin: 120,
      forcedChargeEndMin: 240,
    });
  });

  it('fields without a domain parameter keep their raw value through later whole-block writes', () => {
    const inv = freshInverter();
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: inv });
    expect(writeBack(device, '95', '69', { ah: 200, meterProtocol: 3 })).toHaveLength(1);
    expect(writeBack(device, '95', '66', { chargePower: 1500, gridSwitch: 2 })).toHaveLength(1);
    expect(writeBack(device, '9D', '6A', { socDiff: 7, threePhase: 1 })).toHaveLength(1);
    expect(writeBack(device, 'A2', '71', { fcSocLimit: 90, fdSocLimit: 20 })).toHaveLength(1);
    // Another setting changes: the untouched raw fields survive the write-back.
    expect(writeBack(device, '95', '66', { operatingMode: 3 })).toHaveLength(1);
    expect(writeBack(device, '9D', '6A', { backUpOrder: 1 })).toHaveLength(1);
    expect(block(device, '95')).toMatchObject({ ah: 200, meterProtocol: 3, chargePower: 1500, gridSwitch: 2 });
    expect(block(device, '9D')).toMatchObject({ socDiff: 7, threePhase: 1, backUpOrder: 1 });
    expect(block(device, 'A2')).toMatchObject({ fcSocLimit: 90, fdSocLimit: 20 });
    expect(inv.parameters.workMode).toBe(3);
  });

  it.each([
    ['69 battery type 3', '69', { elecCode: 0, dcBatteryType: 3, ah: 0, batteryProtocol: 0, meterProtocol: 0 }],
    ['71 a period ending at 24:00', '71', null],
    ['66 without a tariff period', '66', null],
  ] as const)('refuses %s: no answer, nothing changes', (_name, code, raw) => {
    const inv = freshInverter();
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: inv });
    const before = structuredClone(inv.parameters);
    let frame: OsimFrame;
    if (raw) frame = requestFrame(code, raw, 603, false);
    else {
      const read = code === '71' ? 'A2' : '95';
      const command = resolveCommand(code, 603);
      const changes: OsimInput =
        code === '71'
          ? { fcOpen: 1, fcMonEnable: 1, fcTimeRangeLen: 1, fcTimeGap: [{ startTime: 0, endTime: 1440 }] }
          : { elecPrice: [] };
      const merged = command.ok ? mergeBlock(command.value, block(device, read), changes) : null;
      if (!merged?.ok) throw new Error('merge');
      frame = requestFrame(code, merged.value);
    }
    expect(device.write(frame, Date.now())).toEqual([]);
    expect(inv.parameters).toEqual(before);
  });
});

describe('OsimDevice clock (68)', () => {
  const clock = { year: 2026, month: 3, day: 1, hour: 12, minute: 30, second: 15 };
  it.each([
    ['a real date sets the clock', clock, Date.UTC(2026, 2, 1, 12, 30, 15) / 1000],
    ['31 February is refused and sets nothing', { ...clock, month: 2, day: 31 }, undefined],
    ['24:00 is refused', { ...clock, hour: 24, minute: 0, second: 0 }, undefined],
  ] as const)('%s', (_what, values, expected) => {
    const inv = freshInverter();
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: inv });
    const wallMs = Date.now();
    const before = inv.clockS(wallMs);
    const echo = device.write(requestFrame('68', values, 603, false), wallMs);
    expect(echo).toHaveLength(expected === undefined ? 0 : 1);
    expect(inv.clockS(wallMs)).toBe(expected ?? before);
  });
});

describe('OsimDevice raw registers (BA/BB)', () => {
  it('writes registers with BA and reads them back with BB at PCU 603', () => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: freshInverter() });
    const write = requestFrame('BA', {
      regs: [
        { address: 0x1000, value: 42 },
        { address: 0x1001, value: -5 },
      ],
    });
    expect(device.write(write, Date.now())).toHaveLength(1);
    const query = buildRegisterQuery([0x1001, 0x1000, 0x2000], 603);
    if (!query.ok) throw new Error('query');
    const frame = decodeFrame(query.value);
    if (!frame.ok) throw new Error('frame');
    const [reply] = device.registerReplies(frame.value);
    const decoded = decodeMessage(reply!, 603);
    expect(decoded.ok && decoded.value.payload?.values).toMatchObject({
      regCount: 3,
      regs: [
        { address: 0x1001, value: -5 },
        { address: 0x1000, value: 42 },
        { address: 0x2000, value: 0 },
      ],
    });
  });

  it('does not know BA before PCU 603', () => {
    const device = new OsimDevice({ host: '127.0.0.1', port: 0, inverter: freshInverter(), pcuVersion: 500 });
    const write = encodeFrame({
      source: 0x64,
      destination: 0x14,
      command: 0xba00,
      data: Uint8Array.of(0, 1, 0x10, 0, 0, 1),
    });
    if (!write.ok) throw new Error('frame');
    const frame = decodeFrame(write.value);
    expect(frame.ok && device.write(frame.value, Date.now())).toEqual([]);
  });
});

describe('OsimDevice over TCP', () => {
  /** A cloud for the device to dial: hands each accepted socket to the test. */
  async function cloud(): Promise<{ server: net.Server; port: number; sockets: net.Socket[] }> {
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return { server, port: (server.address() as net.AddressInfo).port, sockets };
  }

  /** Sends bytes and collects the frames that come back within `ms`. */
  async function exchange(socket: net.Socket, bytes: Uint8Array, ms = 300): Promise<string[]> {
    const reader = new FrameReader();
    const codes: string[] = [];
    const onData = (chunk: Buffer) => {
      for (const e of reader.push(chunk)) if (e.ok) codes.push(commandCode(e.frame.command));
    };
    socket.on('data', onData);
    socket.write(bytes);
    await new Promise((r) => setTimeout(r, ms));
    socket.off('data', onData);
    return codes;
  }

  it('a half-sent BB frame hangs the inverter until it connects again', async () => {
    const { server, port, sockets } = await cloud();
    const device = new OsimDevice({ host: '127.0.0.1', port, inverter: freshInverter(), reconnectMs: 50 });
    try {
      await device.start();
      await vi.waitFor(() => expect(sockets).toHaveLength(1));
      const query = buildQuery('0A', 603);
      const bb = buildRegisterQuery([0x1000], 603);
      if (!query.ok || !bb.ok) throw new Error('frames');
      expect(await exchange(sockets[0]!, query.value)).toEqual(['0A']);
      expect(await exchange(sockets[0]!, bb.value.subarray(0, 8), 50)).toEqual([]);
      // The next whole query completes the half frame's length with the wrong bytes: the inverter hangs.
      expect(await exchange(sockets[0]!, query.value)).toEqual([]);
      expect(device.hung).toBe(true);
      expect(await exchange(sockets[0]!, query.value)).toEqual([]);
      expect(await exchange(sockets[0]!, bb.value)).toEqual([]);
      // The cloud drops the silent connection; the inverter dials again and answers.
      sockets[0]!.destroy();
      await vi.waitFor(() => expect(sockets).toHaveLength(2));
      expect(device.hung).toBe(false);
      expect(await exchange(sockets[1]!, query.value)).toEqual(['0A']);
      expect(await exchange(sockets[1]!, bb.value)).toEqual(['BB']);
    } finally {
      await device.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});
