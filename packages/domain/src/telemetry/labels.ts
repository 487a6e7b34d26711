import type { MessageKey } from '../i18n/catalogue.js';

/** One value of a coded enumeration (R3.7) with a stable key and the catalogue key of its label (decision 0031). */
export interface LabelledOption<V extends number = number, K extends string = string> {
  value: V;
  key: K;
  /** `option.<list>.<value>` in the `options` namespace; read with `translate` (server) or `message` (web). */
  label: MessageKey;
}

/** Builds a labelled option; the label is a catalogue key, so the option tables carry no text. */
export function option<const V extends number, const K extends string>(
  value: V,
  key: K,
  label: MessageKey,
): LabelledOption<V, K> {
  return { value, key, label };
}

/** The union of the values of a list of options. */
export type OptionValue<T extends readonly LabelledOption[]> = T[number]['value'];

/** The values of a list of options, in order. */
export function optionValues<const T extends readonly LabelledOption[]>(options: T): OptionValue<T>[] {
  return options.map((o) => o.value);
}

/** The option with a value, or undefined. */
export function findOption<T extends readonly LabelledOption[]>(options: T, value: number): T[number] | undefined {
  return options.find((o) => o.value === value);
}
