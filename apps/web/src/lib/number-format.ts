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

/** SI prefixes a unit steps through, each a thousand times the one before. */
const PREFIXES = ['', 'k', 'M', 'G'] as const;
/** Units measured with SI prefixes: power (W), energy (Wh), apparent (VA) and reactive power (var). */
const PREFIXED_UNIT = /^([kMG]?)(Wh|W|VA|var)$/;
/**
 * A set of values steps up to the next unit once its largest magnitude reaches this many of the current one: 9,999 W
 * stays W, 10,000 W reads 10 kW; 10,000 kWh reads 10 MWh. Four digits before the separator at most.
 */
export const STEP_UP_AT = 10_000;
/** Decimals of a value shown in a stepped-up unit: 12,345 W → 12.35 kW. */
const SCALED_DECIMALS = 2;

/** The unit a set of values is shown in, and what a value in the base unit is divided by to be in it. */
export interface ViewUnit {
  unit: string;
  factor: number;
}

/**
 * The one unit for values shown together (a power flow's four powers, a chart axis): the base unit ('W', 'kWh')
 * stepped up to k, M, G while the largest magnitude among them reaches STEP_UP_AT. A unit without SI prefixes ('%',
 * 'V', '') stays as it is; values that are not numbers do not count.
 */
export function pickUnit(baseUnit: string, values: Iterable<number | null | undefined>): ViewUnit {
  const parts = PREFIXED_UNIT.exec(baseUnit);
  if (!parts) return { unit: baseUnit, factor: 1 };
  let largest = 0;
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v)) largest = Math.max(largest, Math.abs(v));
  let prefix = PREFIXES.indexOf(parts[1] as (typeof PREFIXES)[number]);
  let factor = 1;
  while (prefix < PREFIXES.length - 1 && largest / factor >= STEP_UP_AT) {
    prefix += 1;
    factor *= 1000;
  }
  return { unit: `${PREFIXES[prefix]}${parts[2]}`, factor };
}

/** A set of values in their one unit: the unit, and each value's figure and text in it. */
export interface ViewScale extends ViewUnit {
  /** A value's figure in the view's unit ("12.29", "6,98"); '—' for a missing or non-numeric value. */
  figure(value: number | null | undefined): string;
  /** A value with the view's unit ("12.29 kW"); '—' alone for a missing or non-numeric value. */
  text(value: number | null | undefined): string;
}

/**
 * Formats every value shown together in one unit (pickUnit) in the UI language: with at most `baseDecimals`
 * decimals in the base unit, two in a stepped-up one. A power flow of 12,290 W and 6,981 W reads "12.29 kW" and
 * "6.98 kW", never "12.29 kW" beside "6,981 W".
 */
export function scaleTogether(
  baseUnit: string,
  values: Iterable<number | null | undefined>,
  lang: string,
  baseDecimals = 2,
): ViewScale {
  const { unit, factor } = pickUnit(baseUnit, values);
  const decimals = factor === 1 ? baseDecimals : SCALED_DECIMALS;
  const figure = (value: number | null | undefined) =>
    typeof value === 'number' && Number.isFinite(value) ? formatNumber(value / factor, lang, decimals) : '—';
  return {
    unit,
    factor,
    figure,
    text: (value) => {
      const shown = figure(value);
      return shown === '—' || unit === '' ? shown : `${shown} ${unit}`;
    },
  };
}

/** An energy scaled to a readable unit: 12,345 kWh → { value: '12.35', unit: 'MWh' } (scaleTogether of one value). */
export function scaleEnergy(kwh: number, lang: string): { value: string; unit: string } {
  const scale = scaleTogether('kWh', [kwh], lang, 2);
  return { value: scale.figure(kwh), unit: scale.unit };
}

/**
 * One power on its own scaled to a readable unit: W below 10 kW, kW with two decimals above, MW above 10 MW (12,345
 * W → { value: '12.35', unit: 'kW' }); '—' without a value. Powers shown together take scaleTogether instead.
 */
export function scalePower(w: number | null, lang: string): { value: string; unit: string | undefined } {
  if (w === null) return { value: '—', unit: undefined };
  const scale = scaleTogether('W', [w], lang, 0);
  return { value: scale.figure(w), unit: scale.unit };
}

/** A mass scaled to a readable unit: 1,250 kg → { value: '1.25', unit: 't' }. */
export function scaleMass(kg: number, lang: string): { value: string; unit: string } {
  return Math.abs(kg) >= 1000
    ? { value: formatNumber(kg / 1000, lang, 2), unit: 't' }
    : { value: formatNumber(kg, lang, 2), unit: 'kg' };
}
