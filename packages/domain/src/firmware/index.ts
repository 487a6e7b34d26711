// @voltfleet/domain/firmware: Firmware upgrades: versions, upgrade rules and notices of a device's upgrade.
export * from '../upgrade-rules.js';
