import type { Db } from '../../db/db.js';
import type { DeviceDirectory, DeviceLookup, LinkDevice } from '../../link/link.types.js';
import { verifyDeviceSecret } from '../../link/device-secret.js';

/** The link layer's view of the device table: who may connect, with which secret. */
export function deviceDirectory(db: Db): DeviceDirectory & DeviceLookup {
  return {
    async authenticate(sn: string, secret: string): Promise<LinkDevice | null> {
      const { rows } = await db.query<{ id: number; sn: string; secret_hash: string | null }>(
        `SELECT id, sn, secret_hash FROM devices WHERE sn = $1`,
        [sn],
      );
      const row = rows[0];
      if (!row?.secret_hash || !(await verifyDeviceSecret(secret, row.secret_hash))) return null;
      return { id: row.id, sn: row.sn };
    },
    async find(sn: string): Promise<LinkDevice | null> {
      const { rows } = await db.query<{ id: number; sn: string }>(`SELECT id, sn FROM devices WHERE sn = $1`, [sn]);
      return rows[0] ? { id: rows[0].id, sn: rows[0].sn } : null;
    },
    async listCredentials() {
      const { rows } = await db.query<{ sn: string; secret_hash: string }>(
        `SELECT sn, secret_hash FROM devices WHERE secret_hash IS NOT NULL ORDER BY sn`,
      );
      return rows.map((r) => ({ sn: r.sn, passwordHash: r.secret_hash }));
    },
  };
}
