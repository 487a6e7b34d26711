// The settings side of a simulated OSIM inverter: the blocks it reports (0C, 95, 9D, A2) and the writes it executes
// (64, 66, 69, 6A, 71), both over the SimInverter's `parameters`, so an MQTT read and an OSIM read of one inverter
// agree. Which field holds which parameter is @voltfleet/osim's settings mapping, the one the gateway uses
// (docs/protocol.md "OSIM settings"). Fields without a domain parameter keep the raw value last written, so a
// whole-block write-back round-trips them. Raw registers (BA write, BB read, PCU ≥ 603) live in a register map of
// their own.
import {
  OSIM_SETTING_BLOCKS,
  osimSettingsFields,
  osimSettingsOf,
  type CommandDef,
  type OsimInput,
  type OsimRecord,
  type OsimValues,
} from '@voltfleet/osim';
import type { SimInverter } from '../inverter.js';

type InputValue = OsimInput[string];

/** The block a write's raw fields are kept under (the query that reports them), by write command. */
const READ_BLOCK: ReadonlyMap<string, string> = new Map(
  Object.values(OSIM_SETTING_BLOCKS).map((block) => [block.write, block.read]),
);

/** The write commands this store executes. */
export const SETTING_WRITES: ReadonlySet<string> = new Set(READ_BLOCK.keys());

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const records = (value: unknown): readonly OsimRecord[] =>
  Array.isArray(value) ? (value as unknown[]).filter((r): r is OsimRecord => typeof r === 'object' && r !== null) : [];

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
    // The parameters passed the inverter's checks, so they always fit their fields; were one not to, the block
    // would show what was last written.
    const fields = osimSettingsFields(code, this.parameters, values as OsimValues);
    if (fields.ok) Object.assign(values, fields.value);
  }

  /**
   * Executes a decoded setting write (64, 66, 69, 6A, 71) on the inverter with its range checks, all or nothing; the
   * fields without a parameter are kept raw. False when the inverter refuses it (nothing changes).
   */
  write(code: string, values: OsimValues): boolean {
    const block = READ_BLOCK.get(code);
    if (!block) return false;
    const written = osimSettingsOf(code, values);
    if (!written.ok) return false;
    // Only the settings that change are applied, compared as the block holds them: anti-backflow may be rewritten
    // unchanged while running, and a write-back of an unchanged tariff table keeps a price stored in finer steps.
    const current = this.asBlockHolds(code);
    const changes = Object.fromEntries(Object.entries(written.value).filter(([key, value]) => current[key] !== value));
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

  private get parameters(): Readonly<Record<string, number>> {
    return this.inverter.parameters;
  }

  /** The parameters a block of `code` carries, as it shows them (prices at its 0.1); empty if they do not fit. */
  private asBlockHolds(code: string): Readonly<Record<string, number>> {
    const fields = osimSettingsFields(code, this.parameters, {});
    const shown = fields.ok ? osimSettingsOf(code, fields.value as OsimValues) : fields;
    return shown.ok ? shown.value : {};
  }
}
