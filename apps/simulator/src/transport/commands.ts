import { isParameterKey } from '../parameters.js';
import type { SimInverter } from '../inverter.js';

/** A command as the platform sends it on `dev/{sn}/down/cmd` (docs/protocol.md). */
export interface DeviceCommand {
  commandId: string;
  type: 'setParameter' | 'readParameter';
  key: string;
  value?: number;
  /** Epoch ms after which the command must not be executed. */
  expiresAt?: number;
}

/** What a device answers on `dev/{sn}/up/ack` (with the command id): the value read back, or why it refused. */
export type CommandAnswer = { ok: true; value?: number } | { ok: false; reason: string };

const TYPES = new Set(['setParameter', 'readParameter']);

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
  return c as unknown as DeviceCommand;
}

/** Executes commands on a simulated inverter: writes go through `applyParameter`, answers carry the value read back. */
export function inverterCommands(inverter: SimInverter): (command: DeviceCommand) => CommandAnswer {
  return (command) => {
    if (command.type === 'readParameter') {
      if (!isParameterKey(command.key)) return { ok: false, reason: 'unknownParameter' };
      return { ok: true, value: inverter.parameters[command.key] };
    }
    const result = inverter.applyParameter(command.key, command.value);
    return result.ok ? { ok: true, value: result.value } : { ok: false, reason: result.reason };
  };
}
