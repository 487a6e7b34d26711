import { pino } from 'pino';
import type { Config } from './config.js';
import { startHaBridge } from './features/ha-bridge/index.js';

/** ROLES=bridge alone: the process needs no database, broker or HTTP server of its own (decision 0041). */
export function bridgeOnly(config: Config): boolean {
  return config.roles.size === 1 && config.roles.has('bridge');
}

/** Runs the Home Assistant bridge on its own until SIGINT or SIGTERM, which say `offline` before it exits. */
export async function runBridgeAlone(config: Config): Promise<void> {
  if (!config.haBridge) throw new Error('ROLES=bridge without its settings');
  const log = pino({ level: config.logLevel });
  const bridge = startHaBridge({ config: config.haBridge, log });
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      await bridge.stop();
      process.exit(0);
    });
  }
}
