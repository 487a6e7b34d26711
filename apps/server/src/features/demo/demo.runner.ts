import {
  connectMqttFleet,
  createFleet,
  demoFleetConfig,
  type DemoFleetConfig,
  type MqttFleet,
} from '@voltfleet/simulator';
import type { Db } from '../../db/db.js';
import { seedDemo } from './demo.seed.js';

export interface DemoRun {
  config: DemoFleetConfig;
  stop(): Promise<void>;
}

/** How many demo inverters speak OSIM through the gateway (when this process runs it) instead of MQTT. */
export const DEMO_OSIM_INVERTERS = 3;

/**
 * Seeds the demo fleet (once) and runs it in real time: every simulated inverter connects to the MQTT broker with
 * its own credentials and reports at its own interval, and answers commands, exactly like a real device.
 */
export async function runDemoFleet(
  db: Db,
  opts: {
    dataDir: string;
    mqttUrl: string;
    hash: (p: string) => Promise<string>;
    log: (m: string) => void;
    /** How long an inverter restarts after a firmware upgrade (SPEC §9: 20 minutes). */
    upgradeRestartMs?: number;
    /** The OSIM gateway to dial: the first DEMO_OSIM_INVERTERS inverters run in OSIM mode (station mode). */
    osim?: { host: string; port: number };
  },
): Promise<DemoRun> {
  const startMs = Date.now();
  const config = demoFleetConfig({ startMs });
  const creds = await seedDemo(db, config, opts);
  const fleet = createFleet(config);
  const members = fleet.inverters
    .filter((inv) => creds.secrets[inv.sn])
    .map((inverter) => ({ inverter, secret: creds.secrets[inverter.sn]! }));
  const osimSns = opts.osim ? members.slice(0, DEMO_OSIM_INVERTERS).map((m) => m.inverter.sn) : [];
  const mqtt: MqttFleet = await connectMqttFleet(opts.mqttUrl, members, {
    ...(opts.upgradeRestartMs === undefined ? {} : { upgradeRestartMs: opts.upgradeRestartMs }),
    ...(opts.osim ? { osim: { ...opts.osim, sns: osimSns } } : {}),
  });
  // Real time, advanced in 10-second steps; each inverter reports at its own interval.
  const run = fleet.runAccelerated({ factor: 1, stepSeconds: 10, tickMs: 1000, onReading: mqtt.onReading });
  opts.log(
    `Demo fleet running: ${members.length - osimSns.length} simulated inverters reporting over MQTT, ` +
      `${osimSns.length} polled over OSIM`,
  );
  return {
    config,
    async stop() {
      run.stop();
      await mqtt.close();
    },
  };
}
