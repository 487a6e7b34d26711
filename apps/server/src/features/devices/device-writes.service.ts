import type { Queryable } from '../../db/db.js';
import type { OsimDeviceRecords } from '../../link/osim.types.js';
import { liveOnMqtt, recordIdentityConflict, recordOsimIdentity } from './device-writes.repository.js';

/**
 * The devices feature owns the `devices` table: this is the face other features (storage, plants, firmware,
 * telemetry, demo) and the runtime's link wiring use to change a device. The SQL is in device-writes.repository.ts,
 * private to this feature like every repository (eslint.config.js).
 */
export {
  activateDevice,
  clearRestart,
  deactivateDevice,
  handOverDevices,
  insertDevices,
  insertInstalledDevice,
  liveOnMqtt,
  markRestarting,
  markSeen,
  recordIdentityConflict,
  recordOsimIdentity,
  releasePlantDevices,
  replaceSecretHash,
  storeReportedVersions,
  touchDevices,
  type NewDevice,
} from './device-writes.repository.js';

/** The OSIM gateway's view of the devices table (identities, conflicts, MQTT liveness). */
export function osimDeviceRecords(db: Queryable): OsimDeviceRecords {
  return {
    identified: (device, identity) => recordOsimIdentity(db, device.id, identity),
    liveOnMqtt: (device, withinMs) => liveOnMqtt(db, device.id, withinMs / 1000),
    conflict: (device, remote) => recordIdentityConflict(db, device.id, remote),
  };
}
