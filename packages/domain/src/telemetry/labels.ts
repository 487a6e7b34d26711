import type { Lang } from '../languages.js';

/** A user-facing label in every language of the product. */
export type Names = Record<Lang, string>;

/** One value of a coded enumeration (R3.7) with a stable key and its labels. */
export interface LabelledOption<V extends number = number, K extends string = string> {
  value: V;
  key: K;
  names: Names;
}

/** Builds a labelled option; names are given in the order zh, en, cs, de to keep tables one line per value. */
export function option<const V extends number, const K extends string>(
  value: V,
  key: K,
  [zh, en, cs, de]: readonly [string, string, string, string],
): LabelledOption<V, K> {
  return { value, key, names: { zh, en, cs, de } };
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
