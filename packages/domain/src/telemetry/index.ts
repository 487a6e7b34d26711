// @voltfleet/domain/telemetry: the field catalogue, readings and their checks, energy counters, and the device detail
// and history built on them. The field builders (gauge, counter, state, code, group) stay internal; the labels are
// in ../i18n, plant-local time in ../time.
export {
  FIELD_GROUPS,
  FIELD_KINDS,
  FIELD_UNITS,
  type FieldDef,
  type FieldGroup,
  type FieldKind,
  type FieldUnit,
} from './field-types.js';
export { BMS_RUN_STATUSES, FLAG_OPTIONS } from './fields-bms.js';
export { PCS_STATES } from './fields-pcs.js';
export { COOLING_STATES, DEHUMIDIFIER_STATES } from './fields-cabinet.js';
export * from './fields.js';
export * from './reading.js';
export * from './energy.js';
export * from './energy-days.js';
export * from './spread.js';
export * from '../device-detail.js';
export * from '../device-history.js';
