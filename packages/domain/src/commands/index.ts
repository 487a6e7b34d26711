// @voltfleet/domain/commands: Commands to devices: the catalogue, the lifecycle, the device picker, and online
// debugging over OSIM.
export * from '../command-lifecycle.js';
export * from '../commands.js';
export * from '../commands-schemas.js';
export * from '../command-settings.js';
export * from '../command-devices.js';
export * from '../command-devices-schemas.js';
export * from '../online-debug.js';
