// What the reading-data tab sends: a query command, or (operators) raw registers to read (BB) or write (BA).
import type { DebugReadInput } from '@voltfleet/domain/commands';
import { parseRegisterList } from './registers';

export type ReadMode = 'query' | 'registerRead' | 'registerWrite';

export interface ReadForm {
  mode: ReadMode;
  command: string | undefined;
  /** Register addresses as typed (hex or decimal). */
  addresses: string;
  /** Values to write as typed, one per address. */
  values: string;
}

/** The request the form describes, or null when it is incomplete or a number is not a 16-bit register. */
export function debugInput(form: ReadForm): DebugReadInput | null {
  if (form.mode === 'query') return form.command ? { kind: 'query', command: form.command } : null;
  const addresses = parseRegisterList(form.addresses);
  if (!addresses || addresses.length === 0) return null;
  if (form.mode === 'registerRead') return { kind: 'registerRead', addresses };
  const values = parseRegisterList(form.values);
  if (!values || values.length !== addresses.length) return null;
  return {
    kind: 'registerWrite',
    registers: addresses.map((address, i) => ({ address, value: values[i] ?? 0 })),
  };
}
