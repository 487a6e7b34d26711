/*
 * The text of a number exactly as String(n) gives it, faster for what readings hold: integers and values with a few
 * decimals (515.1, 0.992, 50.01). String(n) of such a double runs the general shortest-digits algorithm, about
 * 100 ns a number on the benchmark machine, and the live bus writes every value of every stored reading (issue 39).
 */

const POW10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
const ZEROS = ['', '0', '00', '000', '0000', '00000', '000000'];
/** The fraction's digits tried at most; beyond them String(n) decides. */
const MAX_DECIMALS = 6;
/**
 * Below this the doubles lie closer together than 10^-MAX_DECIMALS / 2 (the spacing near 1e9 is 1.2e-7), so at most
 * one decimal of k ≤ MAX_DECIMALS digits reads back to a given double: the one found here is the one String picks.
 */
const MAX_MAGNITUDE = 1e9;

/**
 * String(n), for finite numbers and all others. A non-integer n with 1e-6 ≤ |n| < 1e9 is written by hand when a
 * decimal with at most six fraction digits reads back to it: the fewest such digits are the shortest round-trip
 * text, the one String gives (both in fixed notation in this range). Checked against String in number-text.test.ts.
 */
export function numberText(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const a = n < 0 ? -n : n;
  if (!(a < MAX_MAGNITUDE) || a < 1e-6) return String(n);
  for (let k = 1; k <= MAX_DECIMALS; k++) {
    const p = POW10[k]!;
    const scaled = Math.round(a * p);
    // scaled / p is the double nearest the decimal scaled·10^-k: equal to a exactly when that decimal reads back to a.
    if (scaled / p !== a) continue;
    const fraction = scaled % p;
    // A last digit 0 would mean fewer digits also read back; let String settle such an unexpected case.
    if (fraction % 10 === 0) break;
    const digits = String(fraction);
    return `${n < 0 ? '-' : ''}${(scaled - fraction) / p}.${ZEROS[k - digits.length]}${digits}`;
  }
  return String(n);
}
