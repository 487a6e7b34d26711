import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import type { DeviceVersions, LinkDevice, LinkEvents, LinkLog } from '../../link/link.types.js';
import type { CommandStatusChange as StatusChange } from '@voltfleet/domain/commands';
import { startPeriodic } from '../../platform/periodic.js';
import { storeReportedVersions } from '../devices/index.js';
import { settleDeviceUpgrades } from './firmware-upgrade.service.js';

/**
 * The jobs role: settles open upgrades by the versions devices report, every `everyMs`; the commands that carried
 * them end with the same outcome (`publish` tells the live pages). Returns the stop function, which waits for a
 * running round.
 */
export function startUpgradeJob(
  db: Db,
  log: FastifyBaseLogger,
  {
    everyMs = 15_000,
    publish = () => undefined,
    metrics,
  }: { everyMs?: number; publish?: (change: StatusChange) => void; metrics?: Registry } = {},
): () => Promise<void> {
  const round = async () => {
    const settled = await settleDeviceUpgrades(db, new Date(), publish);
    settled.forEach((u) => log.info({ upgrade: u }, 'firmware upgrade settled'));
  };
  return startPeriodic({ name: 'upgrade-settling', everyMs, run: round, log, metrics }).stop;
}

/**
 * The ingest role: stores the firmware versions devices report on their status topic (at connect, and when they come
 * back from an upgrade's restart) in devices.pcu_version / dsp_version. Returns the function that stops listening.
 */
export function recordReportedVersions(db: Db, events: EventEmitter<LinkEvents>, log: LinkLog): () => void {
  const listener = (device: LinkDevice, versions: DeviceVersions) =>
    void storeReportedVersions(db, device.id, versions).catch((err: unknown) =>
      log.error({ err, sn: device.sn }, 'firmware: storing reported versions failed'),
    );
  events.on('versions', listener);
  return () => void events.off('versions', listener);
}
