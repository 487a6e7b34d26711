import { SimFirmware } from '../firmware-upgrade.js';
import type { ReadingListener } from '../accelerate.js';
import type { SimInverter } from '../inverter.js';
import { inverterCommands } from './commands.js';
import { MqttDevice, type MqttDeviceOptions } from './mqtt-device.js';
import { OsimDevice } from './osim-device.js';

/** Inverters that speak OSIM instead of MQTT: they dial the gateway and are polled (they publish nothing). */
export interface OsimFleetOption {
  host: string;
  port: number;
  /** Serial numbers of the inverters in OSIM mode. */
  sns: readonly string[];
  /** The OSIM protocol version they report (default 603). */
  pcuVersion?: number;
  /** The simulated time their answers are taken at (the fleet's clock). */
  now?: () => number;
  reconnectMs?: number;
}

export interface MqttFleet {
  devices: Map<string, MqttDevice>;
  /** The inverters in OSIM mode, by serial number. */
  osimDevices: Map<string, OsimDevice>;
  /** The firmware side of each MQTT inverter (upgrades), by serial number. */
  firmware: Map<string, SimFirmware>;
  /** Pass to `Fleet.advance`: each reading goes out through its inverter's own connection. */
  onReading: ReadingListener;
  close(): Promise<void>;
}

/**
 * Connects simulated inverters to a broker, one MQTT client each, answering commands with the inverter itself; the
 * inverters listed in `options.osim` dial the OSIM gateway instead.
 */
export async function connectMqttFleet(
  url: string,
  members: { inverter: SimInverter; secret: string }[],
  options: Partial<Pick<MqttDeviceOptions, 'bufferLimit' | 'inflightLimit' | 'reconnectPeriodMs'>> & {
    /** How long an upgrade's restart takes (default R9.2's 20 minutes; tests pass less). */
    upgradeRestartMs?: number;
    osim?: OsimFleetOption;
  } = {},
): Promise<MqttFleet> {
  const { osim, upgradeRestartMs, ...mqttOptions } = options;
  const firmware = new Map<string, SimFirmware>();
  const osimSns = new Set(osim?.sns ?? []);
  const devices = new Map<string, MqttDevice>();
  const osimDevices = new Map<string, OsimDevice>();
  for (const { inverter, secret } of members) {
    if (osim && osimSns.has(inverter.sn)) {
      const device = new OsimDevice({
        host: osim.host,
        port: osim.port,
        inverter,
        reconnectMs: osim.reconnectMs ?? 5000,
        ...(osim.pcuVersion === undefined ? {} : { pcuVersion: osim.pcuVersion }),
        ...(osim.now === undefined ? {} : { now: osim.now }),
        ...(upgradeRestartMs === undefined ? {} : { upgradeRestartMs }),
      });
      osimDevices.set(inverter.sn, device);
      continue;
    }
    const sim = new SimFirmware(inverter, ...(upgradeRestartMs === undefined ? [] : [upgradeRestartMs]));
    firmware.set(inverter.sn, sim);
    const device = new MqttDevice({
      ...mqttOptions,
      url,
      sn: inverter.sn,
      secret,
      onCommand: inverterCommands(inverter, Date.now, sim),
      versions: () => ({ pcuVersion: inverter.pcuVersion, dspVersion: inverter.dspVersion }),
    });
    devices.set(inverter.sn, device);
  }
  // An inverter back from an upgrade's restart says online again with the version it now runs.
  const restarts = setInterval(
    () => {
      for (const [sn, sim] of firmware) if (sim.tick(Date.now())) devices.get(sn)?.reportStatus();
    },
    Math.min(1000, Math.max(10, Math.floor((upgradeRestartMs ?? 1000) / 4))),
  );
  restarts.unref();
  const all = [...devices.values(), ...osimDevices.values()];
  try {
    await Promise.all(all.map((d) => d.start()));
  } catch (err) {
    clearInterval(restarts);
    await Promise.all(all.map((d) => d.close()));
    throw err;
  }
  return {
    devices,
    osimDevices,
    firmware,
    // A restarting inverter sends nothing.
    onReading: (reading, inverter) => {
      if (firmware.get(inverter.sn)?.restartingAt(Date.now())) return;
      devices.get(inverter.sn)?.publishReading(reading);
    },
    close: async () => {
      clearInterval(restarts);
      await Promise.all(all.map((d) => d.close()));
    },
  };
}
