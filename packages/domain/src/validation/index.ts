// @voltfleet/domain/validation: The shared input rules: text, names, contacts and passwords, and the hostile-input rule
// every body passes.
export * from '../validation.js';
export * from '../validation-schemas.js';
export * from '../hostile-input.js';
export * from '../nanp.js';
