// @voltfleet/domain/i18n: The four languages, the catalogue of messages every refusal and notice is keyed into (JSON
// namespaces, decision 0031), and the multilingual labels (Names) of options.
export { findOption, optionValues, type LabelledOption, type Names, type OptionValue } from '../telemetry/labels.js';
export * from '../languages.js';
export * from '../messages.js';
export { CATALOGUE, NAMESPACES, flattenTexts, type Namespace, type TextTree } from './catalogue.js';
export { PLACEHOLDER, interpolate } from './interpolate.js';
