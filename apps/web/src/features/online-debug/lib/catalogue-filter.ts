// Parameter description: which commands and fields a search shows, and how a field's range and meaning read.
import type { CatalogueCommand, CatalogueField } from '@voltfleet/osim';
import { osimText } from './osim-text';

/**
 * The commands matching `q` (code or name: the whole command) or having fields that match (key or name: only
 * those fields); everything for an empty search. Case-insensitive, in the UI's language.
 */
export function filterCatalogue(catalogue: readonly CatalogueCommand[], q: string): CatalogueCommand[] {
  const needle = q.trim().toLowerCase();
  const matches = (text: string) => text.toLowerCase().includes(needle);
  return catalogue.flatMap((c) => {
    if (needle === '' || matches(c.code) || matches(osimText(c.name))) return [c];
    const fields = c.fields.filter((f) => matches(f.key) || matches(osimText(f.name)));
    return fields.length > 0 ? [{ ...c, fields }] : [];
  });
}

/** The range of a field as text: allowed values, or min – max (an open end left empty). */
export function rangeText(f: Pick<CatalogueField, 'allowed' | 'min' | 'max'>): string {
  if (f.allowed) return f.allowed.join(', ');
  if (f.min !== null || f.max !== null) return `${f.min ?? ''} – ${f.max ?? ''}`;
  return '';
}

/** How often a field repeats: the number, or the name of the field that holds the count; empty for a single value. */
export function repeatText(c: Pick<CatalogueCommand, 'fields'>, f: Pick<CatalogueField, 'repeat'>): string {
  if (f.repeat === null) return '';
  if (typeof f.repeat === 'number') return String(f.repeat);
  const count = f.repeat;
  const counter = c.fields.find((other) => other.key === count);
  return counter ? osimText(counter.name) : count;
}

/** What each value of an enumerated field means, e.g. "0 = Off; 1 = On". */
export function meaningText(f: Pick<CatalogueField, 'options'>): string {
  return f.options.map((o) => `${o.value} = ${osimText(o.name)}`).join('; ');
}
