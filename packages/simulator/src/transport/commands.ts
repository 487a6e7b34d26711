import { parseDeviceCommand, type CommandAnswer, type DeviceCommand } from '@voltfleet/domain/protocol';
import { isParameterKey } from '../parameters.js';
import type { SimInverter } from '../inverter.js';
import type { SimFirmware } from '../firmware-upgrade.js';

/** The command in a payload, or null when it is not one (a device ignores what it cannot read). */
export function parseCommand(payload: Buffer): DeviceCommand | null {
  try {
    return parseDeviceCommand(JSON.parse(payload.toString('utf8')));
  } catch {
    return null;
  }
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
