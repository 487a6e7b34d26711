// @voltfleet/domain/devices: Devices: kinds, models, settings' options, serial numbers, storage (stock-in, activation)
// and the list's export.
export * from '../devices.js';
export * from '../devices-schemas.js';
export * from '../serial-number.js';
export * from '../serial-number-schemas.js';
export * from '../device-storage.js';
export * from '../device-export.js';
