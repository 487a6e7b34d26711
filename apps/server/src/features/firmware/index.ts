/** The firmware feature's front door: what the rest of the server may use of it. */
export { recordReportedVersions, startUpgradeJob } from './firmware.job.js';
export { firmwareRoutes } from './firmware.routes.js';
export { firmwareImageLoader, handOverFirmwareRecords, listCatalogue, uploadImage } from './firmware.service.js';
export { upgradeRoutes } from './upgrade.routes.js';
