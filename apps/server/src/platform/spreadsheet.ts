/** Characters that make a spreadsheet program read a cell as a formula (or split it into one, CSV/DDE style). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that is safe to put in a sheet users open: a value starting with =, +, -, @, tab or CR is prefixed
 * with an apostrophe so spreadsheet programs show it as text instead of evaluating it (CSV/formula injection).
 * Numbers, booleans, dates and null pass through unchanged.
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
