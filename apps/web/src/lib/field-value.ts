import { findOption } from '@voltfleet/domain/i18n';
import { fieldByKey, type RealtimeValue } from '@voltfleet/domain/telemetry';
import { optionLabel } from './labels';
import { formatFixed } from './number-format';

/**
 * A monitoring field's value as every page shows it: in the UI language with the catalogue's decimals and its unit, a
 * coded state as its label, an identifier or bit mask as its number, and "—" for no value (a device's real-time tab,
 * the plant detail's detailed data).
 */
export function formatFieldValue(v: RealtimeValue, lang: string): string {
  if (v.value === null) return '—';
  const field = fieldByKey(v.key);
  if (field?.options) return optionLabel(findOption(field.options, v.value)) ?? String(v.value);
  if (field?.kind === 'code') return String(v.value);
  const text = formatFixed(v.value, lang, v.decimals);
  const unit = v.unit === 'currency' ? '' : v.unit;
  return unit ? `${text} ${unit}` : text;
}

/** A monitoring field's label in the UI language (its key when the catalogue has no such field). */
export const fieldLabelOf = (key: string): string => optionLabel(fieldByKey(key)) ?? key;
