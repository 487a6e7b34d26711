// Public surface of the telemetry module; the field builders (gauge, counter, state, code, group) stay internal.
export { findOption, optionValues, type LabelledOption, type Names, type OptionValue } from './labels.js';
export * from './local-time.js';
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
export * from './messages.js';
export * from './spread.js';
