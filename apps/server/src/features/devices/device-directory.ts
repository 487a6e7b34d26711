import type { Queryable } from '../../db/db.js';
import type { DeviceDirectory, DeviceLookup, LinkDevice } from '../../link/link.types.js';
import { verifyDeviceSecret } from '../../link/device-secret.js';
import { deviceBySn, deviceCredentials } from './devices.repository.js';

/** The link layer's view of the device table: who may connect, with which secret. */
export function deviceDirectory(db: Queryable): DeviceDirectory & DeviceLookup {
  return {
    async authenticate(sn: string, secret: string): Promise<LinkDevice | null> {
      const row = await deviceBySn(db, sn);
      if (!row?.secret_hash || !(await verifyDeviceSecret(secret, row.secret_hash))) return null;
      return { id: row.id, sn: row.sn };
    },
    async find(sn: string): Promise<LinkDevice | null> {
      const row = await deviceBySn(db, sn);
      return row ? { id: row.id, sn: row.sn } : null;
    },
    async listCredentials() {
      return (await deviceCredentials(db)).map((r) => ({ sn: r.sn, passwordHash: r.secret_hash }));
    },
  };
}
