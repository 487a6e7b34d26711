// The settings side of a simulated OSIM inverter: the blocks it reports (95, 9D, A2) and the writes it executes (66,
// 69, 6A, 71), both over the SimInverter's `parameters`, so an MQTT read and an OSIM read of one inverter agree. The
// device side of the gateway's table (apps/server/src/link/osim-commands.ts, docs/protocol.md "OSIM settings").
// Fields without a domain parameter keep the raw value last written, so a whole-block write-back round-trips them.
// Raw registers (BA write, BB read, PCU ≥ 603) live in a register map of their own.
import {
  TARIFF_MAX_PERIODS,
  TARIFF_PERIOD_COUNT_REGISTER,
  TARIFF_PRICE_REGISTERS,
  tariffSlotRegister,
} from '@voltfleet/domain';
import type { CommandDef, OsimInput, OsimRecord, OsimValues } from '@voltfleet/osim';
import type { SimInverter } from '../inverter.js';
import type { ParameterKey } from '../parameters.js';

type InputValue = OsimInput[string];

/** Scalar settings and their field; `read` is the block that reports them, `write` the frame that sets them. */
const SCALAR_FIELDS: readonly { read: string; write: string; field: string; key: ParameterKey }[] = [
  { read: '95', write: '66', field: 'operatingMode', key: 'workMode' },
  { read: '95', write: '66', field: 'soc', key: 'socLowerLimitPct' },
  { read: '95', write: '66', field: 'con', key: 'gridConnectionLimitW' },
  { read: '95', write: '66', field: 'antiBackflow', key: 'antiBackflow' },
  // The reference gives no value table for batteryCharge: the domain code (0 charge, 1 discharge, 2 standby).
  { read: '95', write: '66', field: 'batteryCharge', key: 'batteryChargeState' },
  { read: '95', write: '69', field: 'dcBatteryType', key: 'batteryType' },
  { read: '9D', write: '6A', field: 'pvSourceChoice', key: 'acCouplingPvSource' },
  { read: '9D', write: '6A', field: 'backUpOrder', key: 'backupSupplyOrder' },
];

/** The block a write's raw fields are kept under (the query that reports them). */
const READ_BLOCK: Readonly<Record<string, string>> = { '66': '95', '69': '95', '6A': '9D', '71': 'A2' };

/** The write commands this store executes. */
export const SETTING_WRITES: ReadonlySet<string> = new Set(Object.keys(READ_BLOCK));

const PRICE_FIELDS = { 1: 'price1', 2: 'price2', 3: 'price3', 4: 'price4' } as const;
const WEEKDAY_FIELDS = ['Mon', 'Tus', 'Wen', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const SIDES = [
  { prefix: 'fc', days: 'forcedChargeDays', start: 'forcedChargeStartMin', end: 'forcedChargeEndMin' },
  { prefix: 'fd', days: 'forcedDischargeDays', start: 'forcedDischargeStartMin', end: 'forcedDischargeEndMin' },
] as const;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const records = (value: unknown): readonly OsimRecord[] =>
  Array.isArray(value) ? (value as unknown[]).filter((r): r is OsimRecord => typeof r === 'object' && r !== null) : [];
/** A price in thousandths as the 0.1 the block keeps. */
const tenths = (milli: number) => Math.round(milli / 100) / 10;

export class OsimSettings {
  /** Raw field values per block, as last written. */
  private readonly raw = new Map<string, Record<string, InputValue>>();
  /** Raw registers (BA/BB): address → value; a register never written reads 0. */
  private readonly registers = new Map<number, number>();

  constructor(private readonly inverter: SimInverter) {}

  /** Overlays a reply's neutral values with the stored raw fields and the inverter's parameters. */
  fillReply(code: string, command: CommandDef, values: Record<string, InputValue>): void {
    const raw = this.raw.get(code);
    if (raw) for (const field of command.fields) if (field.key in raw) values[field.key] = raw[field.key];
    if (raw)
      for (const field of command.fields) if (field.group && field.group in raw) values[field.group] = raw[field.group];
    const params = this.inverter.parameters;
    for (const s of SCALAR_FIELDS) if (s.read === code) values[s.field] = params[s.key];
    if (code === '95') this.fillTariff(values);
    if (code === 'A2') this.fillForcedCharging(values);
  }

  /**
   * Executes a decoded setting write (66, 69, 6A, 71) on the inverter with its range checks, all or nothing; the
   * fields without a parameter are kept raw. False when the inverter refuses it (nothing changes).
   */
  write(code: string, values: OsimValues): boolean {
    const block = READ_BLOCK[code];
    if (!block) return false;
    const changes: Record<string, number> = {};
    for (const s of SCALAR_FIELDS) {
      const value = values[s.field];
      // Only the settings that change are applied (anti-backflow may be rewritten unchanged while running); a
      // field of the block that is not a number is kept as it came and checked by the inverter.
      if (s.write !== code || value === undefined || value === this.inverter.parameters[s.key]) continue;
      changes[s.key] = typeof value === 'number' ? value : Number.NaN;
    }
    if (code === '66') {
      const tariff = this.tariffOf(values);
      if (!tariff) return false;
      Object.assign(changes, tariff);
    }
    if (code === '71') {
      const forced = forcedChargingOf(values);
      if (!forced) return false;
      Object.assign(changes, forced);
    }
    if (Object.keys(changes).length > 0 && !this.inverter.applyParameters(changes).ok) return false;
    this.raw.set(block, { ...this.raw.get(block), ...(values as Record<string, InputValue>) });
    return true;
  }

  /** BA: writes up to 10 registers (all or none); false for an empty or oversized list. */
  writeRegisters(values: OsimValues): boolean {
    const regs = records(values.regs);
    if (regs.length === 0 || regs.length > 10 || num(values.regCount) !== regs.length) return false;
    const writes = regs.map((r) => [num(r.address), num(r.value)] as const);
    if (writes.some(([a, v]) => a === undefined || v === undefined)) return false;
    for (const [address, value] of writes) this.registers.set(address!, value!);
    return true;
  }

  /** BB: the registers at the addresses of a request, or undefined for an empty or oversized request. */
  readRegisters(values: OsimValues): { address: number; value: number }[] | undefined {
    const regs = records(values.regs);
    if (regs.length === 0 || regs.length > 10) return undefined;
    const addresses = regs.map((r) => num(r.address));
    if (addresses.some((a) => a === undefined)) return undefined;
    return addresses.map((address) => ({ address: address!, value: this.registers.get(address!) ?? 0 }));
  }

  /** The tariff table of the parameters as the 95 block holds it. */
  private fillTariff(values: Record<string, InputValue>): void {
    const params: Readonly<Record<string, number>> = this.inverter.parameters;
    for (const [type, register] of Object.entries(TARIFF_PRICE_REGISTERS))
      values[PRICE_FIELDS[Number(type) as keyof typeof PRICE_FIELDS]] = tenths(params[register] ?? 0);
    const count = params[TARIFF_PERIOD_COUNT_REGISTER] ?? 0;
    values.totalPriceNum = count;
    values.elecPrice = Array.from({ length: count }, (_, i) => ({
      startTime: params[tariffSlotRegister(i, 'StartMin')] ?? 0,
      endTime: params[tariffSlotRegister(i, 'EndMin')] ?? 0,
      electricityTypeValue: params[tariffSlotRegister(i, 'Type')] ?? 0,
    }));
  }

  /**
   * The tariff registers a 66 write changes: prices only when they differ at the block's 0.1 (a write-back of an
   * unchanged table keeps a price stored in finer steps), the count and the periods below it. Undefined when the
   * table cannot be read (the write is refused).
   */
  private tariffOf(values: OsimValues): Record<string, number> | undefined {
    const params: Readonly<Record<string, number>> = this.inverter.parameters;
    const out: Record<string, number> = {};
    for (const [type, register] of Object.entries(TARIFF_PRICE_REGISTERS)) {
      const price = num(values[PRICE_FIELDS[Number(type) as keyof typeof PRICE_FIELDS]]);
      if (price === undefined) return undefined;
      if (price !== tenths(params[register] ?? 0)) out[register] = Math.round(price * 1000);
    }
    const periods = records(values.elecPrice);
    const count = num(values.totalPriceNum) ?? periods.length;
    out[TARIFF_PERIOD_COUNT_REGISTER] = count;
    for (let i = 0; i < Math.min(count, periods.length, TARIFF_MAX_PERIODS); i += 1) {
      const p = periods[i]!;
      out[tariffSlotRegister(i, 'Type')] = num(p.electricityTypeValue) ?? -1;
      out[tariffSlotRegister(i, 'StartMin')] = num(p.startTime) ?? -1;
      out[tariffSlotRegister(i, 'EndMin')] = num(p.endTime) ?? -1;
    }
    // Unchanged registers are not rewritten (the count is checked by the inverter's own rule: 1–10).
    for (const key of Object.keys(out))
      if (key !== TARIFF_PERIOD_COUNT_REGISTER && out[key] === params[key]) delete out[key];
    if (out[TARIFF_PERIOD_COUNT_REGISTER] === params[TARIFF_PERIOD_COUNT_REGISTER])
      delete out[TARIFF_PERIOD_COUNT_REGISTER];
    return out;
  }

  /** Weekly forced charging of the parameters as the A2 block holds it. */
  private fillForcedCharging(values: Record<string, InputValue>): void {
    const params: Readonly<Record<string, number>> = this.inverter.parameters;
    const mode = params.forcedChargingMode ?? 0;
    for (const side of SIDES) {
      const mask = mode === 0 ? 0 : (params[side.days] ?? 0);
      values[`${side.prefix}Open`] = mask !== 0 ? 1 : 0;
      WEEKDAY_FIELDS.forEach((day, i) => {
        values[`${side.prefix}${day}Enable`] = (mask & (1 << i)) !== 0 ? mode : 0;
      });
      const gaps = records(values[`${side.prefix}TimeGap`]);
      const first = { startTime: params[side.start] ?? 0, endTime: params[side.end] ?? 0 };
      values[`${side.prefix}TimeGap`] = [first, ...gaps.slice(1)];
      const ranges = num(values[`${side.prefix}TimeRangeLen`]) ?? 0;
      if (mask !== 0) values[`${side.prefix}TimeRangeLen`] = Math.max(ranges, 1);
    }
  }
}

/**
 * The forced-charging registers a 71 write sets: the mode the enabled weekdays carry (one mode for both sides, else
 * undefined: refused), the weekday masks (bit 0 = Monday) and each side's first time range when it has one. Mode 0
 * sets only the mode (the masks are not on the wire while it is off).
 */
function forcedChargingOf(values: OsimValues): Record<string, number> | undefined {
  const modes = new Set<number>();
  const out: Record<string, number> = {};
  for (const side of SIDES) {
    const open = num(values[`${side.prefix}Open`]) ?? 0;
    let mask = 0;
    WEEKDAY_FIELDS.forEach((day, i) => {
      const enable = num(values[`${side.prefix}${day}Enable`]) ?? 0;
      if (open === 0 || enable === 0) return;
      mask |= 1 << i;
      modes.add(enable);
    });
    out[side.days] = mask;
    const first = records(values[`${side.prefix}TimeGap`])[0];
    if ((num(values[`${side.prefix}TimeRangeLen`]) ?? 0) >= 1 && first) {
      out[side.start] = num(first.startTime) ?? -1;
      out[side.end] = num(first.endTime) ?? -1;
    }
  }
  if (modes.size > 1) return undefined;
  const [mode = 0] = modes;
  return mode === 0 ? { forcedChargingMode: 0 } : { forcedChargingMode: mode, ...out };
}
