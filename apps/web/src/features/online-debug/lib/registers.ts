// Raw register numbers and values typed on the reading-data tab.

/** Register numbers typed as hex (0x1000) or decimal, separated by spaces or commas; null when one is not a number. */
export function parseRegisterList(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  const values = parts.map((p) =>
    /^0x[0-9a-f]+$/i.test(p) ? Number.parseInt(p, 16) : /^\d+$/.test(p) ? Number(p) : NaN,
  );
  return values.every((v) => Number.isInteger(v) && v >= 0 && v <= 0xffff) ? values : null;
}
