// @voltfleet/domain/tariffs: Electricity tariffs of a plant and the tariff a device receives as a command.
export * from '../tariffs.js';
export * from '../tariffs-schemas.js';
export * from '../tariff-command.js';
export * from '../tariff-command-schemas.js';
