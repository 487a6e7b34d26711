/** The devices feature's front door: what the rest of the server may use of it. */
export { deviceDirectory } from './device-directory.js';
export {
  deviceOnlineSql,
  plantAlarmsBySeveritySql,
  plantAlarmsJoinSql,
  plantStatusSql,
  runningStatusIsSql,
  runningStatusSql,
} from './device-status.js';
export {
  activateDevice,
  clearRestart,
  deactivateDevice,
  handOverDevices,
  insertDevices,
  insertInstalledDevice,
  markRestarting,
  markSeen,
  releasePlantDevices,
  replaceSecretHash,
  storeReportedVersions,
  touchDevices,
  updateDeviceFields,
  type NewDevice,
} from './device-writes.repository.js';
export { osimDeviceRecords } from './osim-device-records.js';
export { devicesRoutes } from './devices.routes.js';
export { visibleDevices } from './devices.service.js';
export { watchStatuses } from './status-watcher.js';
export {
  batterySourceInScope,
  devicesBehindInScope,
  heardPlantInverterInScope,
  linkedDeviceInScope,
  plantBatteryInverterInScope,
} from './device-links.repository.js';
export type { LinkedDeviceRow } from './device-links.repository.js';
export { findDeviceRecordInScope, latestReading } from './devices.repository.js';
export type { DeviceRecordRow, DeviceScope } from './devices.repository.js';
export { idParams } from './devices.routes.js';
export { scopeOf } from './devices.service.js';
