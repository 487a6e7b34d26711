// @voltfleet/domain/device-list: The device list: one row per device with its live values, alarms, pending commands and
// unread messages.
export * from '../device-list.js';
export * from '../device-list-schemas.js';
