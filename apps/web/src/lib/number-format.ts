const formats = new Map<string, Intl.NumberFormat>();

function cached(id: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(id);
  if (!format) formats.set(id, (format = make()));
  return format;
}

/** A number in the UI language with at most `maxDecimals` decimals ("1,234.5", "1 234,5"). */
export function formatNumber(value: number, lang: string, maxDecimals = 2): string {
  return cached(
    `n:${lang}:${maxDecimals}`,
    () => new Intl.NumberFormat(lang, { maximumFractionDigits: maxDecimals }),
  ).format(value);
}

/** A number in the UI language with exactly `decimals` decimals ("2,345.0", "3,21"): catalogue values. */
export function formatFixed(value: number, lang: string, decimals: number): string {
  return cached(
    `f:${lang}:${decimals}`,
    () => new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  ).format(value);
}

/** A share given in percent (0–100) in the UI language, with at most `maxDecimals` decimals ("42%", "42 %"). */
export function formatPercent(percent: number, lang: string, maxDecimals = 0): string {
  return cached(
    `p:${lang}:${maxDecimals}`,
    () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: maxDecimals }),
  ).format(percent / 100);
}

/** An amount of money in its currency, in the UI language ("€1,234.50", "1 234,50 Kč"). */
export function formatMoney(amount: number, currency: string, lang: string): string {
  try {
    return cached(`m:${lang}:${currency}`, () => new Intl.NumberFormat(lang, { style: 'currency', currency })).format(
      amount,
    );
  } catch {
    // A code Intl does not know: the number and the code.
    return `${formatNumber(amount, lang, 2)} ${currency}`;
  }
}

const ENERGY_UNITS = [
  { unit: 'GWh', factor: 1e6 },
  { unit: 'MWh', factor: 1e3 },
  { unit: 'kWh', factor: 1 },
] as const;

/** An energy scaled to a readable unit: 12,345 kWh → { value: '12.35', unit: 'MWh' }. */
export function scaleEnergy(kwh: number, lang: string): { value: string; unit: string } {
  const { unit, factor } = ENERGY_UNITS.find((u) => Math.abs(kwh) >= u.factor * 10) ?? ENERGY_UNITS[2];
  return { value: formatNumber(kwh / factor, lang, 2), unit };
}

/**
 * A power scaled to a readable unit: W below 10 kW, kW with two decimals above (12,345 W → { value: '12.35', unit:
 * 'kW' }); the plant detail's power flow and the plant list show a plant's power this one way. '—' without a value.
 */
export function scalePower(w: number | null, lang: string): { value: string; unit: string | undefined } {
  if (w === null) return { value: '—', unit: undefined };
  return Math.abs(w) >= 10_000
    ? { value: formatNumber(w / 1000, lang, 2), unit: 'kW' }
    : { value: formatNumber(w, lang, 0), unit: 'W' };
}

/** A mass scaled to a readable unit: 1,250 kg → { value: '1.25', unit: 't' }. */
export function scaleMass(kg: number, lang: string): { value: string; unit: string } {
  return Math.abs(kg) >= 1000
    ? { value: formatNumber(kg / 1000, lang, 2), unit: 't' }
    : { value: formatNumber(kg, lang, 2), unit: 'kg' };
}
