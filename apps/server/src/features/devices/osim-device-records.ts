import type { Queryable } from '../../db/db.js';
import type { OsimDeviceRecords } from '../../link/osim.types.js';
import { liveOnMqtt, recordIdentityConflict, recordOsimIdentity } from './device-writes.repository.js';

/** The OSIM gateway's view of the devices table (identities, conflicts, MQTT liveness). */
export function osimDeviceRecords(db: Queryable): OsimDeviceRecords {
  return {
    identified: (device, identity) => recordOsimIdentity(db, device.id, identity),
    liveOnMqtt: (device, withinMs) => liveOnMqtt(db, device.id, withinMs / 1000),
    conflict: (device, remote) => recordIdentityConflict(db, device.id, remote),
  };
}
