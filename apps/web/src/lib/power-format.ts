import { formatNumber } from './number-format';

/**
 * A power in the UI language, in W below 10 kW and in kW with two decimals above: the plant detail's power flow and
 * the plant list show a plant's power this one way. A module of its own (not number-format.ts, which the shell loads)
 * so that it comes with the pages that show powers. '—' without a value.
 */
export function scalePower(w: number | null, lang: string): { value: string; unit: string | undefined } {
  if (w === null) return { value: '—', unit: undefined };
  return Math.abs(w) >= 10_000
    ? { value: formatNumber(w / 1000, lang, 2), unit: 'kW' }
    : { value: formatNumber(w, lang, 0), unit: 'W' };
}
