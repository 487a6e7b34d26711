// Commands to OSIM inverters (docs/protocol.md, "OSIM gateway"): the gateway's side of the command lifecycle. Remote
// commands map to their write frames (64 on/off, 70 reset, 68 clock). A setting is written the way the protocol
// demands: read the block that holds it, change the field(s), write the whole block back, read the block again and
// report the domain's values from that read-back:
//   - 95 → 66 → 95: work mode, SOC lower limit, grid-connection limit, anti-backflow, battery charge state and the
//     tariff table (prices and periods);
//   - 95 → 69 → 95: battery type (the grid battery type block: grid code, battery type, Ah, battery, meter protocol);
//   - 9D → 6A → 9D (PCU ≥ 500): AC-coupling PV source and backup load supply order;
//   - A2 → 71 → A2 (PCU ≥ 500): weekly forced charging and discharging.
import type { EventEmitter } from 'node:events';
import {
  FORCED_CHARGING_KEYS,
  TARIFF_MAX_PERIODS,
  TARIFF_PERIOD_COUNT_REGISTER,
  TARIFF_PRICE_REGISTERS,
  TARIFF_REGISTERS,
  tariffSlotRegister,
} from '@voltfleet/domain';
import {
  buildBatteryParameters,
  buildClock,
  buildCommand,
  buildForcedChargeDischarge,
  buildOnOff,
  buildOperatingModeBlock,
  buildQuery,
  buildReset,
  decodeFrameData,
  mergeBlock,
  resolveCommand,
  type OsimFrame,
  type OsimInput,
  type OsimRecord,
  type OsimResult,
  type OsimValues,
} from '@voltfleet/osim';
import type { CommandAck, CommandLink, CommandRouting, DeviceCommand, LinkDevice, LinkEvents } from './link.types.js';
import { expectedReplies, type OsimConnection, type OsimGateway } from './osim-gateway.js';
import { upgradeOsimFirmware, type FirmwareImageLoader } from './osim-upgrade.js';

/** The frames a setting travels in: the query that reads its block and the write that writes the block whole. */
export const OSIM_BLOCKS = {
  onOff: { read: '0C', write: '64' },
  operatingMode: { read: '95', write: '66' },
  gridBattery: { read: '95', write: '69' },
  batteryParameters: { read: '9D', write: '6A' },
  forcedCharge: { read: 'A2', write: '71' },
} as const;
export type OsimBlock = keyof typeof OSIM_BLOCKS;

/** A scalar setting of the domain (SPEC §3), the block that carries it and its field in the read and write frames. */
export interface OsimBlockParameter {
  readonly block: OsimBlock;
  readonly field: string;
}

/**
 * The domain's scalar parameter keys and their OSIM fields. Values travel as the domain codes them: work mode
 * 0/1/2/3/4/6, enable option 0/1/2 (the codec maps it to 0000/ee00/00ee), percent, watts; battery type 1/2, PV source
 * 0–3 and backup order 0/1 are the reference's own value tables. The reference gives no value table for
 * `batteryCharge`: the battery charge state's domain code (0 charge, 1 discharge, 2 standby) is written unchanged.
 */
export const OSIM_BLOCK_PARAMETERS = {
  workMode: { block: 'operatingMode', field: 'operatingMode' },
  socLowerLimitPct: { block: 'operatingMode', field: 'soc' },
  gridConnectionLimitW: { block: 'operatingMode', field: 'con' },
  antiBackflow: { block: 'operatingMode', field: 'antiBackflow' },
  batteryChargeState: { block: 'operatingMode', field: 'batteryCharge' },
  batteryType: { block: 'gridBattery', field: 'dcBatteryType' },
  acCouplingPvSource: { block: 'batteryParameters', field: 'pvSourceChoice' },
  backupSupplyOrder: { block: 'batteryParameters', field: 'backUpOrder' },
} as const satisfies Record<string, OsimBlockParameter>;

export type OsimBlockParameterKey = keyof typeof OSIM_BLOCK_PARAMETERS;

export function isOsimBlockParameter(key: string): key is OsimBlockParameterKey {
  return Object.prototype.hasOwnProperty.call(OSIM_BLOCK_PARAMETERS, key);
}

const TARIFF_KEYS: ReadonlySet<string> = new Set(TARIFF_REGISTERS);
const FORCED_KEYS: ReadonlySet<string> = new Set(FORCED_CHARGING_KEYS);

/** The block a domain register travels in, or undefined when no OSIM frame carries it. */
export function osimBlockOf(key: string): OsimBlock | undefined {
  if (key === 'onOff') return 'onOff';
  if (isOsimBlockParameter(key)) return OSIM_BLOCK_PARAMETERS[key].block;
  if (TARIFF_KEYS.has(key)) return 'operatingMode';
  if (FORCED_KEYS.has(key)) return 'forcedCharge';
  return undefined;
}

/** Why an OSIM command failed (stored as the command's reason). */
export const OSIM_COMMAND_REASONS = {
  /** The setting has no field in the OSIM layout of the device's version. */
  notInOsimLayout: 'notInOsimLayout',
  /**
   * The settings of one command travel in different blocks: refused before anything is written, because OSIM has no
   * way to write two blocks at once and a failure between them would leave the device half-changed.
   */
  mixedBlocks: 'mixedOsimBlocks',
  /** The device did not confirm the write (it refused it or stayed silent). */
  writeNotConfirmed: 'writeNotConfirmed',
  /** The block could not be read (before the write or for the read-back). */
  readFailed: 'readFailed',
  /** The connection closed while the command was under way. */
  disconnected: 'deviceDisconnected',
  /** The write frame could not be built from the values (e.g. a value outside the field's range). */
  invalidFrame: 'invalidFrame',
} as const;

/** `final`: a confirmed write that has no read-back on this protocol; the command ends acknowledged. */
type Outcome = { ok: true; values?: Record<string, number>; final?: boolean } | { ok: false; reason: string };

const failed = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A frame that could not be built: a field the layout lacks is `notInOsimLayout`, a bad value `invalidFrame`. */
function frameFailure(result: OsimResult<unknown>): { ok: false; reason: string } {
  const code = result.ok ? undefined : result.error.code;
  return failed(
    code === 'NOT_SUPPORTED' || code === 'MISSING_FIELD' || code === 'UNKNOWN_COMMAND'
      ? OSIM_COMMAND_REASONS.notInOsimLayout
      : OSIM_COMMAND_REASONS.invalidFrame,
  );
}

/**
 * Sends one frame and reports whether every expected reply arrived, with the reply (a closed connection counts as
 * disconnected, unless the command is one after which the inverter drops the connection: then the close confirms it).
 */
async function write(
  connection: OsimConnection,
  frame: OsimResult<Uint8Array>,
  reply: string,
  closes = false,
): Promise<{ ok: true; reply?: OsimFrame } | { ok: false; reason: string }> {
  if (!frame.ok) return frameFailure(frame);
  const answer = await connection.request(frame.value, [reply]);
  if (connection.closed) return closes ? { ok: true } : failed(OSIM_COMMAND_REASONS.disconnected);
  const replied = answer.frames.get(reply);
  return answer.complete && replied ? { ok: true, reply: replied } : failed(OSIM_COMMAND_REASONS.writeNotConfirmed);
}

type ReadOutcome = { ok: true; values: OsimValues } | { ok: false; reason: string };

/** Queries `code` and returns the decoded values of its reply frame `code`. */
async function read(connection: OsimConnection, code: string): Promise<ReadOutcome> {
  const query = buildQuery(code, connection.pcuVersion);
  if (!query.ok) return failed(OSIM_COMMAND_REASONS.readFailed);
  const answer = await connection.request(query.value, expectedReplies(code, connection.pcuVersion));
  if (connection.closed) return failed(OSIM_COMMAND_REASONS.disconnected);
  const frame = answer.frames.get(code);
  if (!frame) return failed(OSIM_COMMAND_REASONS.readFailed);
  const decoded = decodeFrameData(frame, connection.pcuVersion);
  if (!decoded.ok || !decoded.value.payload) return failed(OSIM_COMMAND_REASONS.readFailed);
  return { ok: true, values: decoded.value.payload.values };
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const recordsOf = (value: unknown): readonly OsimRecord[] =>
  Array.isArray(value) ? (value as unknown[]).filter((r): r is OsimRecord => typeof r === 'object' && r !== null) : [];

// --- Operating-mode block (95/66): scalar fields and the tariff table --------------------------------------------

/** Price field of the block for each tariff type (1 sharp/tip → price1 … 4 valley → price4). */
const PRICE_FIELDS = { 1: 'price1', 2: 'price2', 3: 'price3', 4: 'price4' } as const;

/**
 * The tariff registers a 95 read-back holds: prices in thousandths (the block keeps 0.1), the period count and the
 * periods below it (type = `electricityTypeValue`, start and end minutes as the block holds them).
 */
export function tariffRegistersOf(values: OsimValues): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [type, register] of Object.entries(TARIFF_PRICE_REGISTERS)) {
    const price = num(values[PRICE_FIELDS[Number(type) as keyof typeof PRICE_FIELDS]]);
    if (price !== undefined) out[register] = Math.round(price * 1000);
  }
  const count = num(values.totalPriceNum);
  const records = recordsOf(values.elecPrice);
  if (count === undefined) return out;
  out[TARIFF_PERIOD_COUNT_REGISTER] = count;
  for (let i = 0; i < Math.min(count, records.length, TARIFF_MAX_PERIODS); i += 1) {
    const r = records[i]!;
    const [type, start, end] = [num(r.electricityTypeValue), num(r.startTime), num(r.endTime)];
    if (type === undefined || start === undefined || end === undefined) continue;
    out[tariffSlotRegister(i, 'Type')] = type;
    out[tariffSlotRegister(i, 'StartMin')] = start;
    out[tariffSlotRegister(i, 'EndMin')] = end;
  }
  return out;
}

/**
 * The 66 fields for tariff registers: the table read back with the given registers changed. Prices are rounded to
 * the block's 0.1; the periods become the `elecPrice` records (their count is derived). The domain's end minute
 * (end included) is written unchanged: the reference names no convention for `endTime`. Undefined when a register
 * the table needs is missing or not a whole number.
 */
export function tariffChanges(settings: Record<string, number>, readBack: OsimValues): OsimInput | undefined {
  const table = { ...tariffRegistersOf(readBack), ...settings };
  const changes: Record<string, OsimInput[string]> = {};
  for (const [type, register] of Object.entries(TARIFF_PRICE_REGISTERS)) {
    const milli = table[register];
    if (milli === undefined) return undefined;
    changes[PRICE_FIELDS[Number(type) as keyof typeof PRICE_FIELDS]] = Math.round(milli / 100) / 10;
  }
  const count = table[TARIFF_PERIOD_COUNT_REGISTER];
  if (count === undefined || !Number.isInteger(count) || count < 0 || count > TARIFF_MAX_PERIODS) return undefined;
  const records: Record<string, number>[] = [];
  for (let i = 0; i < count; i += 1) {
    const [type, start, end] = (['Type', 'StartMin', 'EndMin'] as const).map((f) => table[tariffSlotRegister(i, f)]);
    if (type === undefined || start === undefined || end === undefined) return undefined;
    records.push({ startTime: start, endTime: end, electricityTypeValue: type });
  }
  changes.elecPrice = records;
  return changes;
}

/** The domain values of a 95 read-back for the requested registers (tariff registers as a whole table). */
export function operatingModeValues(values: OsimValues, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = keys.some((k) => TARIFF_KEYS.has(k)) ? tariffRegistersOf(values) : {};
  for (const key of keys) {
    if (!isOsimBlockParameter(key)) continue;
    const value = num(values[OSIM_BLOCK_PARAMETERS[key].field]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The 66 fields for the settings (scalar fields and the tariff table), or undefined when the table is incomplete. */
export function operatingModeChanges(settings: Record<string, number>, readBack: OsimValues): OsimInput | undefined {
  const changes: Record<string, OsimInput[string]> = {};
  const tariff: Record<string, number> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (isOsimBlockParameter(key)) changes[OSIM_BLOCK_PARAMETERS[key].field] = value;
    else if (TARIFF_KEYS.has(key)) tariff[key] = value;
  }
  if (Object.keys(tariff).length === 0) return changes;
  const table = tariffChanges(tariff, readBack);
  return table && { ...changes, ...table };
}

// --- Forced charge and discharge (A2/71) ---------------------------------------------------------------------------

/** Weekdays as the domain's masks count them (bit 0 = Monday … bit 6 = Sunday), spelt as the protocol's fields. */
const WEEKDAY_FIELDS = ['Mon', 'Tus', 'Wen', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const SIDES = [
  { prefix: 'fc', days: 'forcedChargeDays', start: 'forcedChargeStartMin', end: 'forcedChargeEndMin' },
  { prefix: 'fd', days: 'forcedDischargeDays', start: 'forcedDischargeStartMin', end: 'forcedDischargeEndMin' },
] as const;

/**
 * The domain's forced-charging registers in an A2 read-back: a side's weekday mask holds the days whose enable is
 * set while the side is open; the mode is the enable those days carry (1 once, 2 weekly; the codec maps the wire's 3
 * to 2), 0 when no day is on; each side's period is its first time range.
 */
export function forcedChargingOf(values: OsimValues): Record<string, number> {
  const out: Record<string, number> = {};
  let mode = 0;
  for (const side of SIDES) {
    const open = num(values[`${side.prefix}Open`]) ?? 0;
    let mask = 0;
    WEEKDAY_FIELDS.forEach((day, i) => {
      const enable = num(values[`${side.prefix}${day}Enable`]) ?? 0;
      if (open === 0 || enable === 0) return;
      mask |= 1 << i;
      if (mode === 0) mode = enable;
    });
    out[side.days] = mask;
    const first = recordsOf(values[`${side.prefix}TimeGap`])[0];
    const [start, end] = [num(first?.startTime), num(first?.endTime)];
    if (start !== undefined && end !== undefined) {
      out[side.start] = start;
      out[side.end] = end;
    }
  }
  out.forcedChargingMode = mode;
  return out;
}

/**
 * The 71 fields for the settings over the A2 read-back: fcOpen/fdOpen = mode ≠ 0 and a day of the side enabled;
 * each weekday's enable = the mode on the side's days, else 0; a side whose period is given gets one time range
 * (fcTimeRangeLen 1) with it, a side without keeps its ranges; the SOC limits stay as read back.
 */
export function forcedChargeChanges(settings: Record<string, number>, readBack: OsimValues): OsimInput {
  const target = { ...forcedChargingOf(readBack), ...settings };
  const mode = target.forcedChargingMode ?? 0;
  const changes: Record<string, OsimInput[string]> = {};
  for (const side of SIDES) {
    const mask = mode === 0 ? 0 : (target[side.days] ?? 0);
    changes[`${side.prefix}Open`] = mask !== 0 ? 1 : 0;
    WEEKDAY_FIELDS.forEach((day, i) => {
      changes[`${side.prefix}${day}Enable`] = (mask & (1 << i)) !== 0 ? mode : 0;
    });
    const [start, end] = [settings[side.start], settings[side.end]];
    if (start !== undefined && end !== undefined) {
      changes[`${side.prefix}TimeRangeLen`] = 1;
      changes[`${side.prefix}TimeGap`] = [{ startTime: start, endTime: end }];
    }
  }
  return changes;
}

// --- Blocks ----------------------------------------------------------------------------------------------------------

interface BlockCodec {
  /** Fields the read and the write frame of the device's version must hold for these settings. */
  fields(keys: readonly string[]): string[];
  frame(settings: Record<string, number>, readBack: OsimValues, pcuVersion: number): OsimResult<Uint8Array>;
  values(readBack: OsimValues, keys: readonly string[]): Record<string, number>;
}

const scalarFields = (keys: readonly string[]) =>
  keys.flatMap((k) => (isOsimBlockParameter(k) ? [OSIM_BLOCK_PARAMETERS[k].field] : []));

function scalarChanges(settings: Record<string, number>): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [key, value] of Object.entries(settings))
    if (isOsimBlockParameter(key)) changes[OSIM_BLOCK_PARAMETERS[key].field] = value;
  return changes;
}

const scalarValues = (values: OsimValues, keys: readonly string[]) => operatingModeValues(values, keys);

/** A whole write block from a read-back with changes, built by the write command's layout. */
function wholeBlock(code: string, readBack: OsimValues, changes: OsimInput, pcuVersion: number) {
  const command = resolveCommand(code, pcuVersion);
  if (!command.ok) return command;
  const merged = mergeBlock(command.value, readBack, changes);
  if (!merged.ok) return merged;
  return buildCommand(code, merged.value, pcuVersion);
}

/** A tariff table that cannot be written (a register missing or the count out of range). */
const INCOMPLETE_TABLE: OsimResult<Uint8Array> = {
  ok: false,
  error: { code: 'INVALID_VALUE', field: 'elecPrice', value: 'incomplete tariff table' },
};

const BLOCK_CODECS: Record<Exclude<OsimBlock, 'onOff'>, BlockCodec> = {
  operatingMode: {
    fields: (keys) => [
      ...scalarFields(keys),
      ...(keys.some((k) => TARIFF_KEYS.has(k)) ? ['price1', 'price4', 'electricityTypeValue'] : []),
    ],
    frame: (settings, readBack, version) => {
      const changes = operatingModeChanges(settings, readBack);
      return changes ? buildOperatingModeBlock(readBack, changes, version) : INCOMPLETE_TABLE;
    },
    values: operatingModeValues,
  },
  // 69 holds grid code, battery type, Ah, battery and meter protocol: the other four come from the 95 read-back.
  gridBattery: {
    fields: scalarFields,
    frame: (settings, readBack, version) => wholeBlock('69', readBack, scalarChanges(settings), version),
    values: scalarValues,
  },
  // 9D decodes the enable options from their hex form (ee00 → 1) and 6A encodes them back (1 → ee00): the codec's
  // `switch` values are the same logical codes on both sides, so the read-back goes into the write unchanged.
  batteryParameters: {
    fields: scalarFields,
    frame: (settings, readBack, version) => buildBatteryParameters(readBack, scalarChanges(settings), version),
    values: scalarValues,
  },
  forcedCharge: {
    fields: () => ['fcOpen', 'fdOpen', 'fcMonEnable', 'fcTimeRangeLen'],
    frame: (settings, readBack, version) => {
      const command = resolveCommand('71', version);
      if (!command.ok) return command;
      const merged = mergeBlock(command.value, readBack, forcedChargeChanges(settings, readBack));
      return merged.ok ? buildForcedChargeDischarge(merged.value, version) : merged;
    },
    values: (readBack) => forcedChargingOf(readBack),
  },
};

/** Whether the device's layouts carry the block's read and write frames with the fields the settings need. */
export function blockCarries(block: Exclude<OsimBlock, 'onOff'>, keys: readonly string[], pcuVersion: number): boolean {
  const frames = [OSIM_BLOCKS[block].read, OSIM_BLOCKS[block].write].map((code) => resolveCommand(code, pcuVersion));
  return frames.every(
    (frame) =>
      frame.ok && BLOCK_CODECS[block].fields(keys).every((field) => frame.value.fields.some((f) => f.key === field)),
  );
}

/** The device's next connection once it has dialled back and been identified, or undefined after the wait. */
export type Reconnection = () => Promise<OsimConnection | undefined>;

/**
 * Reads the block, writes it whole with the settings changed, reads it back and reports the domain's values. After
 * a write the inverter answers by dropping the connection (69), the read-back waits for it to dial back.
 */
async function setBlock(
  connection: OsimConnection,
  block: Exclude<OsimBlock, 'onOff'>,
  settings: Record<string, number>,
  reconnection?: Reconnection,
): Promise<Outcome> {
  const keys = Object.keys(settings);
  if (!blockCarries(block, keys, connection.pcuVersion)) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
  const codec = BLOCK_CODECS[block];
  const { read: readCode, write: writeCode } = OSIM_BLOCKS[block];
  const before = await read(connection, readCode);
  if (!before.ok) return before;
  const writeDef = resolveCommand(writeCode, connection.pcuVersion);
  const closes = writeDef.ok && writeDef.value.closesConnection === true;
  const frame = codec.frame(settings, before.values, connection.pcuVersion);
  const written = await write(connection, frame, writeCode, closes);
  if (!written.ok) return written;
  let current = connection;
  if (closes) {
    // The echo may come before the close: wait for the next connection, or read on this one if it stayed open.
    const next = await reconnection?.();
    if (next) current = next;
    else if (connection.closed) return failed(OSIM_COMMAND_REASONS.disconnected);
  }
  const after = await read(current, readCode);
  if (!after.ok) return after;
  return { ok: true, values: codec.values(after.values, keys) };
}

/** The settings of a parameter command (setParameter or setParameters), or null when it carries none. */
function settingsOf(command: DeviceCommand): Record<string, number> | null {
  if (command.type === 'setParameters') return command.values ?? null;
  if (command.type === 'setParameter' && command.value !== undefined) return { [command.key]: command.value };
  return null;
}

/** 64, then the on/off state read back from 0C. */
async function setOnOff(connection: OsimConnection, on: boolean): Promise<Outcome> {
  const written = await write(connection, buildOnOff(on, connection.pcuVersion), '64');
  if (!written.ok) return written;
  const state = await read(connection, '0C');
  if (!state.ok) return state;
  const onOff = state.values.onOff;
  return typeof onOff === 'number' ? { ok: true, values: { onOff } } : failed(OSIM_COMMAND_REASONS.readFailed);
}

/** 68 with the clock in UTC (the simulator and this gateway agree on UTC; OSIM has no time zone field). */
async function setClock(connection: OsimConnection, epochS: number): Promise<Outcome> {
  const t = new Date(epochS * 1000);
  const frame = buildClock(
    {
      year: t.getUTCFullYear(),
      month: t.getUTCMonth() + 1,
      day: t.getUTCDate(),
      hour: t.getUTCHours(),
      minute: t.getUTCMinutes(),
      second: t.getUTCSeconds(),
    },
    connection.pcuVersion,
  );
  // The protocol has no clock query: the inverter answers 68 with the time it has set, and that is the read-back.
  const written = await write(connection, frame, '68');
  if (!written.ok) return written;
  const clockS = written.reply ? clockOfReply(written.reply, connection.pcuVersion) : undefined;
  // A bare confirmation (a reply without the fields) is all such an inverter says.
  return clockS === undefined ? { ok: true, final: true } : { ok: true, values: { clockS } };
}

/** The UTC time (epoch seconds) a 68 reply carries, or undefined when it carries no valid date and time. */
export function clockOfReply(reply: OsimFrame, pcuVersion: number): number | undefined {
  const decoded = decodeFrameData(reply, pcuVersion);
  const values = decoded.ok ? decoded.value.payload?.values : undefined;
  if (!values) return undefined;
  const parts = (['year', 'month', 'day', 'hour', 'minute', 'second'] as const).map((k) => values[k]);
  if (!parts.every((p): p is number => typeof p === 'number' && Number.isInteger(p))) return undefined;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  // Date.UTC rolls 31 February over into March: only a real calendar date and time count.
  const real =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute &&
    back.getUTCSeconds() === second;
  return real ? ms / 1000 : undefined;
}

/**
 * The block a setting command writes: every key must travel in one block (one whole-block write), otherwise the
 * command is refused before anything is sent.
 */
export function blockOfSettings(
  settings: Record<string, number>,
): { ok: true; block: OsimBlock } | { ok: false; reason: string } {
  const blocks = new Set<OsimBlock>();
  for (const key of Object.keys(settings)) {
    const block = osimBlockOf(key);
    if (!block) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
    blocks.add(block);
  }
  const [block] = blocks;
  if (!block) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
  return blocks.size === 1 ? { ok: true, block } : failed(OSIM_COMMAND_REASONS.mixedBlocks);
}

/** Executes one command on a connected OSIM inverter. */
export async function executeOsimCommand(
  connection: OsimConnection,
  command: DeviceCommand,
  loadImage?: FirmwareImageLoader,
  reconnection?: Reconnection,
  /** Called when the inverter has accepted an upgrade's start frame (the transfer may take minutes). */
  accepted?: () => void,
): Promise<Outcome> {
  if (command.type === 'firmwareUpgrade') return upgradeOsimFirmware(connection, command, loadImage, accepted);
  if (command.type === 'remote' && command.key === 'restart') {
    // No uptime register in OSIM: a confirmed reset is all there is to know, and the command ends acknowledged.
    const reset = await write(connection, buildReset(connection.pcuVersion), '70');
    return reset.ok ? { ok: true, final: true } : reset;
  }
  if (command.type === 'remote' && command.key === 'clockSync' && command.value !== undefined)
    return setClock(connection, command.value);
  const settings = settingsOf(command);
  if (!settings) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
  const target = blockOfSettings(settings);
  if (!target.ok) return target;
  if (target.block === 'onOff') return setOnOff(connection, settings.onOff === 1);
  return setBlock(connection, target.block, settings, reconnection);
}

/** How long a command waits for an inverter that dropped the connection after a write (69) to dial back. */
export const DEFAULT_RECONNECT_WAIT_MS = 120_000;

/** Resolves with the device's next identified connection (not `old`), or undefined after `waitMs`. */
export function nextConnection(
  gateway: OsimGateway,
  sn: string,
  old: OsimConnection,
  waitMs: number,
): Promise<OsimConnection | undefined> {
  return new Promise((resolve) => {
    const fresh = () => {
      const current = gateway.connection(sn);
      return current && current !== old && !current.closed && current.device && current.proven ? current : undefined;
    };
    const onOnline = (device: LinkDevice) => {
      const current = device.sn === sn ? fresh() : undefined;
      if (current) finish(current);
    };
    const timer = setTimeout(() => finish(undefined), waitMs);
    function finish(current: OsimConnection | undefined) {
      clearTimeout(timer);
      gateway.events.off('online', onOnline);
      resolve(current);
    }
    gateway.events.on('online', onOnline);
    const already = fresh();
    if (already) finish(already);
  });
}

/**
 * The OSIM gateway as a CommandLink: a command for a connected, identified device is `sent` and executed in the
 * background; its outcome comes back through `onAck` like an MQTT device's answer. An expired command is not sent.
 */
export function osimCommandLink(
  gateway: OsimGateway,
  log?: { warn(obj: object, msg: string): void },
  loadImage?: FirmwareImageLoader,
  options: { reconnectWaitMs?: number } = {},
): CommandLink {
  const reconnectWaitMs = options.reconnectWaitMs ?? DEFAULT_RECONNECT_WAIT_MS;
  const handlers = new Set<(device: LinkDevice, ack: CommandAck) => void>();
  const answer = (device: LinkDevice, ack: CommandAck) => {
    for (const handler of handlers) handler(device, ack);
  };
  const events: EventEmitter<LinkEvents> = gateway.events;
  return {
    events,
    onAck(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    // Commands go only to a connection that proved continuity (answered a poll since it identified itself).
    reachable: (sn) => gateway.commandReady(sn),
    send(sn, command): Promise<CommandRouting> {
      const connection = gateway.connection(sn);
      const device = connection?.device;
      if (!connection || !device || connection.closed || !connection.proven) return Promise.resolve('offline');
      if (command.expiresAt !== undefined && command.expiresAt < Date.now()) return Promise.resolve('offline');
      const reconnection = () => nextConnection(gateway, sn, connection, reconnectWaitMs);
      // An upgrade is acknowledged as soon as the inverter accepts its start frame, so a long transfer is not taken
      // for a command that never got an answer (an acknowledged upgrade waits for the reported version instead).
      const accepted = () => answer(device, { commandId: command.commandId, ok: true });
      void executeOsimCommand(connection, command, loadImage, reconnection, accepted)
        .catch((err: unknown): Outcome => {
          log?.warn({ err: err instanceof Error ? err.message : String(err), sn }, 'osim: command failed');
          return failed(OSIM_COMMAND_REASONS.writeNotConfirmed);
        })
        .then((outcome) =>
          answer(
            device,
            outcome.ok
              ? { commandId: command.commandId, ok: true, values: outcome.values, final: outcome.final }
              : { commandId: command.commandId, ok: false, reason: outcome.reason },
          ),
        );
      return Promise.resolve('sent');
    },
  };
}
