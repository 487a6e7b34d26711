// @voltfleet/domain/i18n: The four languages, the catalogue of messages every refusal and notice is keyed into (JSON
// namespaces, decision 0031), and the options (value, key and the catalogue key of their label).
export { findOption, optionValues, type LabelledOption, type OptionValue } from '../telemetry/labels.js';
export * from '../languages.js';
export * from '../messages.js';
export { CATALOGUE, NAMESPACES, flattenTexts, type Namespace, type TextTree, type Translate } from './catalogue.js';
export { PLACEHOLDER, interpolate } from './interpolate.js';
