import type { DeviceFields } from '@voltfleet/domain/devices';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { updateDeviceFields } from '../devices/index.js';
import { deviceRecord, getDeviceDetail } from './device-detail.service.js';

/**
 * Sets the grid code, battery and meter protocol and template of a device in the caller's scope (anything else is
 * "not found" and changes nothing), and answers the device's detail as it now reads.
 */
export async function saveDeviceFields(
  db: Db,
  caller: Caller,
  offlineSeconds: number,
  id: number,
  fields: DeviceFields,
): Promise<DeviceDetail> {
  const row = await deviceRecord(db, caller, offlineSeconds, id);
  await updateDeviceFields(db, row.id, fields);
  return getDeviceDetail(db, caller, offlineSeconds, id);
}
