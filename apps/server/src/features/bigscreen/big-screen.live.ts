import type { Db } from '../../db/db.js';
import { AppError } from '../../platform/errors.js';
import { visibleDevices } from '../devices/index.js';
import type { LiveViewer } from '../live/index.js';
import { scopeOf, scopePlants } from '../plant-stats/index.js';
import { kioskViewer } from './big-screen.viewer.js';

/**
 * The live socket of a wall screen opened with a kiosk link: it hears the readings, statuses and alarms of the
 * devices of the link's plants (within its owner's scope now) and no command status or inbox count. A revocation
 * closes it at once (the revoking statement notifies the live channel, KIOSK_ENDED_CHANNEL); the hub also asks every
 * minute whether the link still works, so an expired link or a disabled owner's closes within the minute.
 */
export function kioskLiveViewer(token: string, linkId: number, offlineSeconds: number): LiveViewer {
  return {
    userId: null,
    commands: false,
    kioskLinkId: linkId,
    alive: async (db: Db) => {
      try {
        await kioskViewer(db, token, Date.now());
        return true;
      } catch (err) {
        // Refused (revoked, expired, owner disabled): over. Anything else (the database) fails closed in the hub.
        if (err instanceof AppError && err.code === 'unauthorized') return false;
        throw err;
      }
    },
    visible: async (db: Db) => {
      const viewer = await kioskViewer(db, token, Date.now());
      const plants = new Set(
        (await scopePlants(db, scopeOf(viewer.owner, offlineSeconds, viewer.plantIds))).map((p) => p.id),
      );
      return (await visibleDevices(db, viewer.owner)).filter((d) => d.plant_id !== null && plants.has(d.plant_id));
    },
  };
}

/** The viewer of a live socket opened with a kiosk token (refused with the big screens' 401 otherwise). */
export async function kioskSocketViewer(db: Db, token: string, offlineSeconds: number): Promise<LiveViewer> {
  const viewer = await kioskViewer(db, token, Date.now());
  return kioskLiveViewer(token, viewer.link!.id, offlineSeconds);
}
