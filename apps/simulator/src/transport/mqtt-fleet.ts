import type { ReadingListener } from '../fleet.js';
import type { SimInverter } from '../inverter.js';
import { inverterCommands } from './commands.js';
import { MqttDevice, type MqttDeviceOptions } from './mqtt-device.js';

export interface MqttFleet {
  devices: Map<string, MqttDevice>;
  /** Pass to `Fleet.advance`: each reading goes out through its inverter's own connection. */
  onReading: ReadingListener;
  close(): Promise<void>;
}

/** Connects simulated inverters to a broker, one MQTT client each, answering commands with the inverter itself. */
export async function connectMqttFleet(
  url: string,
  members: { inverter: SimInverter; secret: string }[],
  options: Partial<Pick<MqttDeviceOptions, 'bufferLimit' | 'inflightLimit' | 'reconnectPeriodMs'>> = {},
): Promise<MqttFleet> {
  const devices = new Map<string, MqttDevice>();
  for (const { inverter, secret } of members) {
    const device = new MqttDevice({ ...options, url, sn: inverter.sn, secret, onCommand: inverterCommands(inverter) });
    devices.set(inverter.sn, device);
  }
  try {
    await Promise.all([...devices.values()].map((d) => d.start()));
  } catch (err) {
    await Promise.all([...devices.values()].map((d) => d.close()));
    throw err;
  }
  return {
    devices,
    onReading: (reading, inverter) => devices.get(inverter.sn)?.publishReading(reading),
    close: async () => void (await Promise.all([...devices.values()].map((d) => d.close()))),
  };
}
