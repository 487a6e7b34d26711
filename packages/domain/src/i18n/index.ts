// @voltfleet/domain/i18n: The four languages, the message table every refusal and notice is keyed into, and the
// multilingual labels (Names) of options.
export { findOption, optionValues, type LabelledOption, type Names, type OptionValue } from '../telemetry/labels.js';
export * from '../languages.js';
export * from '../messages.js';
export * from '../telemetry/messages.js';
