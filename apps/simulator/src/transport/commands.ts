import { isParameterKey } from '../parameters.js';
import type { SimInverter } from '../inverter.js';
import type { SimFirmware } from '../firmware-upgrade.js';

/** The image an upgrade command orders the device to install. */
export interface FirmwareOrder {
  imageId: number;
  kind: 'PCU' | 'DSP';
  family: string;
  version: string;
  sha256: string;
}

/** A command as the platform sends it on `dev/{sn}/down/cmd` (docs/protocol.md). */
export interface DeviceCommand {
  commandId: string;
  /**
   * `setParameters` writes every register in `values`; `remote` runs the action `key` (restart, clockSync);
   * `firmwareUpgrade` installs the image in `firmware`.
   */
  type: 'setParameter' | 'readParameter' | 'setParameters' | 'remote' | 'firmwareUpgrade';
  key: string;
  value?: number;
  values?: Record<string, number>;
  firmware?: FirmwareOrder;
  /** Epoch ms after which the command must not be executed. */
  expiresAt?: number;
}

/** What a device answers on `dev/{sn}/up/ack` (with the command id): the value read back, or why it refused. */
export type CommandAnswer =
  { ok: true; value?: number; values?: Record<string, number> } | { ok: false; reason: string };

const TYPES = new Set(['setParameter', 'readParameter', 'setParameters', 'remote', 'firmwareUpgrade']);

/** The command in a payload, or null when it is not one (a device ignores what it cannot read). */
export function parseCommand(payload: Buffer): DeviceCommand | null {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const c = json as Record<string, unknown>;
  const optionalNumber = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));
  if (typeof c.commandId !== 'string' || c.commandId.length === 0 || c.commandId.length > 64) return null;
  if (typeof c.type !== 'string' || !TYPES.has(c.type) || typeof c.key !== 'string') return null;
  if (!optionalNumber(c.value) || !optionalNumber(c.expiresAt)) return null;
  if (c.values !== undefined && !isNumberRecord(c.values)) return null;
  if (c.firmware !== undefined && !isFirmwareOrder(c.firmware)) return null;
  if (c.type === 'firmwareUpgrade' && c.firmware === undefined) return null;
  return c as unknown as DeviceCommand;
}

function isFirmwareOrder(v: unknown): v is FirmwareOrder {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const text = (x: unknown, max: number) => typeof x === 'string' && x.length > 0 && x.length <= max;
  return (
    typeof o.imageId === 'number' &&
    Number.isInteger(o.imageId) &&
    (o.kind === 'PCU' || o.kind === 'DSP') &&
    text(o.family, 8) &&
    text(o.version, 32) &&
    typeof o.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(o.sha256)
  );
}

function isNumberRecord(v: unknown): v is Record<string, number> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => typeof x === 'number' && Number.isFinite(x))
  );
}

/** Remote actions: restart reports its fresh uptime, clock sync the clock read back. */
function remote(inverter: SimInverter, command: DeviceCommand, wallMs: number): CommandAnswer {
  if (command.key === 'restart') {
    inverter.restart(wallMs);
    return { ok: true, values: { uptimeS: inverter.uptimeS(wallMs) } };
  }
  if (command.key === 'clockSync') {
    if (command.value === undefined || !Number.isInteger(command.value) || command.value <= 0)
      return { ok: false, reason: 'outOfRange' };
    inverter.setClock(command.value, wallMs);
    return { ok: true, values: { clockS: inverter.clockS(wallMs) } };
  }
  return { ok: false, reason: 'unknownCommand' };
}

/**
 * Executes commands on a simulated inverter: writes go through `applyParameter(s)`, answers carry the values read
 * back; a refused write names its reason (outOfRange, notAllowed, …) and changes nothing. An upgrade goes to
 * `firmware` (accepted only when shut down and of the inverter's family; the reason otherwise).
 */
export function inverterCommands(
  inverter: SimInverter,
  wallClock: () => number = Date.now,
  firmware?: SimFirmware,
): (command: DeviceCommand) => CommandAnswer {
  return (command) => {
    if (command.type === 'remote') return remote(inverter, command, wallClock());
    if (command.type === 'firmwareUpgrade') {
      if (!firmware || !command.firmware) return { ok: false, reason: 'unsupported' };
      const { kind, family, version } = command.firmware;
      const answer = firmware.start({ kind, family, version }, wallClock());
      return answer.ok ? { ok: true } : { ok: false, reason: answer.reason };
    }
    if (command.type === 'setParameters') {
      const result = inverter.applyParameters(command.values ?? {});
      return result.ok ? { ok: true, values: result.values } : { ok: false, reason: result.reason };
    }
    if (command.type === 'readParameter') {
      if (!isParameterKey(command.key)) return { ok: false, reason: 'unknownParameter' };
      return { ok: true, value: inverter.parameters[command.key] };
    }
    const result = inverter.applyParameter(command.key, command.value);
    return result.ok ? { ok: true, value: result.value } : { ok: false, reason: result.reason };
  };
}
