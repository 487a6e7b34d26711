// The settings <-> block mapping used by the server's gateway (read the block, write it whole with the settings
// changed, read it back) and by the simulated inverter (report its settings in the read blocks, execute the writes).
// Registers travel in groups that are read and written together: a scalar register, the tariff table, weekly forced
// charging (docs/protocol.md, "OSIM settings").
import type { OsimInput, OsimValues } from './codec.js';
import { fail, ok, type OsimResult } from './errors.js';
import { buildCommand, mergeBlock } from './messages.js';
import { resolveCommand } from './registry.js';
import { osimForcedChargingFields, osimForcedChargingOf } from './settings-forced-charging.js';
import {
  OSIM_FORCED_CHARGING_REGISTERS,
  OSIM_SCALAR_SETTINGS,
  OSIM_SETTING_BLOCKS,
  OSIM_TARIFF_REGISTERS,
  type OsimScalarSetting,
  type OsimSettingBlock,
} from './settings-registers.js';
import { osimTariffFields, osimTariffOf } from './settings-tariff.js';
import { pick } from './settings-values.js';

interface SettingGroup {
  readonly block: OsimSettingBlock;
  readonly registers: readonly string[];
  /** Fields the block's read and write frames must hold for the group to be carried. */
  readonly fields: readonly string[];
  /** The group's registers in a read or write block. */
  decode(values: OsimValues): OsimResult<Record<string, number>>;
  /** The block fields for the group's registers (all or some of them) over the block read back. */
  encode(settings: Readonly<Record<string, number>>, readBack: OsimValues): OsimResult<OsimInput>;
}

function scalarGroup(register: string, { block, field }: OsimScalarSetting): SettingGroup {
  return {
    block,
    registers: [register],
    fields: [field],
    decode: (values) => {
      const value = values[field];
      // A block of an older version may lack the field: it then holds no such setting.
      if (value === undefined) return ok({});
      if (typeof value === 'number') return ok({ [register]: value });
      return fail({ code: 'INVALID_VALUE', field, value: String(value) });
    },
    encode: (settings) => ok(settings[register] === undefined ? {} : { [field]: settings[register] }),
  };
}

const GROUPS: readonly SettingGroup[] = [
  ...Object.entries(OSIM_SCALAR_SETTINGS).map(([register, setting]) => scalarGroup(register, setting)),
  {
    block: 'operatingMode',
    registers: OSIM_TARIFF_REGISTERS,
    fields: ['price1', 'price4', 'electricityTypeValue'],
    decode: osimTariffOf,
    // Registers the settings leave out keep the table read back (a table that cannot be read adds nothing).
    encode: (settings, readBack) => {
      const current = osimTariffOf(readBack);
      return osimTariffFields({ ...(current.ok ? current.value : {}), ...settings });
    },
  },
  {
    block: 'forcedCharge',
    registers: OSIM_FORCED_CHARGING_REGISTERS,
    fields: ['fcOpen', 'fdOpen', 'fcMonEnable', 'fcTimeRangeLen'],
    decode: osimForcedChargingOf,
    encode: osimForcedChargingFields,
  },
];

const GROUP_OF: ReadonlyMap<string, SettingGroup> = new Map(
  GROUPS.flatMap((group) => group.registers.map((register) => [register, group] as const)),
);

/** The block a register travels in, or undefined when no OSIM block carries it. */
export function osimSettingBlockOf(register: string): OsimSettingBlock | undefined {
  return GROUP_OF.get(register)?.block;
}

/** The groups of the registers, or undefined when one of them does not travel in `block`. */
function groupsIn(block: OsimSettingBlock, registers: readonly string[]): SettingGroup[] | undefined {
  const groups = new Set<SettingGroup>();
  for (const register of registers) {
    const group = GROUP_OF.get(register);
    if (group?.block !== block) return undefined;
    groups.add(group);
  }
  return [...groups];
}

/** The groups held by the block whose read or write frame is `code`. */
const groupsOfFrame = (code: string) =>
  GROUPS.filter((g) => OSIM_SETTING_BLOCKS[g.block].read === code || OSIM_SETTING_BLOCKS[g.block].write === code);

/** Whether the device's layouts have the block's read and write frames with the fields the registers need. */
export function osimBlockCarries(block: OsimSettingBlock, registers: readonly string[], pcuVersion: number): boolean {
  const groups = groupsIn(block, registers);
  if (!groups) return false;
  const { read, write } = OSIM_SETTING_BLOCKS[block];
  return [read, write].every((code) => {
    const command = resolveCommand(code, pcuVersion);
    const fields = command.ok ? command.value.fields : [];
    return command.ok && groups.every((g) => g.fields.every((field) => fields.some((f) => f.key === field)));
  });
}

/**
 * The write frame of a block: the block read back with the settings' fields changed, written whole (`mergeBlock`:
 * every other field as read back). Refused when a setting does not travel in the block or a value does not fit.
 */
export function buildOsimSettingsWrite(
  block: OsimSettingBlock,
  settings: Readonly<Record<string, number>>,
  readBack: OsimValues,
  pcuVersion: number,
): OsimResult<Uint8Array> {
  const { write } = OSIM_SETTING_BLOCKS[block];
  const groups = groupsIn(block, Object.keys(settings));
  if (!groups) return fail({ code: 'NOT_SUPPORTED', command: write, version: pcuVersion });
  const command = resolveCommand(write, pcuVersion);
  if (!command.ok) return command;
  const changes: Record<string, OsimInput[string]> = {};
  for (const group of groups) {
    const fields = group.encode(pick(settings, group.registers), readBack);
    if (!fields.ok) return fields;
    Object.assign(changes, fields.value);
  }
  const merged = mergeBlock(command.value, readBack, changes);
  return merged.ok ? buildCommand(write, merged.value, pcuVersion) : merged;
}

/**
 * The registers a block holds, decoded from a read (0C, 95, 9D, A2) or a write frame (64, 66, 69, 6A, 71) of it.
 * Refused when a group of the block cannot be read as registers (e.g. weekdays of different forced-charging modes).
 */
export function osimSettingsOf(code: string, values: OsimValues): OsimResult<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const group of groupsOfFrame(code)) {
    const registers = group.decode(values);
    if (!registers.ok) return registers;
    Object.assign(out, registers.value);
  }
  return ok(out);
}

/**
 * What a block read back confirms for the requested registers: each one's whole group (the tariff table, forced
 * charging). A group the block cannot show as registers is left out, so the read-back does not confirm it.
 */
export function osimSettingsReadBack(
  block: OsimSettingBlock,
  values: OsimValues,
  registers: readonly string[],
): Record<string, number> {
  const out: Record<string, number> = {};
  const groups = new Set<SettingGroup>();
  for (const register of registers) {
    const group = GROUP_OF.get(register);
    if (group?.block === block) groups.add(group);
  }
  for (const group of groups) {
    const decoded = group.decode(values);
    if (decoded.ok) Object.assign(out, decoded.value);
  }
  return out;
}

/**
 * The fields of a block's frame (`code`, read or write) that show these registers, over the block as it stands: what
 * an inverter holding the settings reports. Only the groups the registers touch are filled.
 */
export function osimSettingsFields(
  code: string,
  registers: Readonly<Record<string, number>>,
  base: OsimValues,
): OsimResult<OsimInput> {
  const fields: Record<string, OsimInput[string]> = {};
  for (const group of groupsOfFrame(code)) {
    const own = pick(registers, group.registers);
    if (Object.keys(own).length === 0) continue;
    const encoded = group.encode(own, base);
    if (!encoded.ok) return encoded;
    Object.assign(fields, encoded.value);
  }
  return ok(fields);
}
