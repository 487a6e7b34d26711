// The parameter catalogue: every field of every command with type, scale, unit, range and meaning, each text named by
// its catalogue key (layout.ts's OsimTextKey).
import type { CommandDef, CommandKind, FieldDef, FieldType, OsimText, OsimTextKey } from './layout.js';
import { OPTION_SETS, type OptionLabel } from './options.js';
import { OSIM_LAYOUTS, UPGRADE_LAYOUTS, commandsFor } from './registry.js';
import { FIELD_TYPE_NAMES, bitRangeText, bitText } from './type-names.js';

export interface CatalogueField {
  readonly key: string;
  readonly name: OsimTextKey;
  readonly type: FieldType;
  /** The wire type as people read it. */
  readonly typeName: OsimTextKey;
  readonly byteLen: number;
  readonly scale: number;
  readonly unit: string | null;
  readonly currency: boolean;
  /** Allowed range of the logical value (for bit fields the bit span), null when only the wire size limits it. */
  readonly min: number | null;
  readonly max: number | null;
  readonly allowed: readonly number[] | null;
  readonly options: readonly OptionLabel[];
  /** Repetitions: a number, the key of the count field, or null for a single value. */
  readonly repeat: number | string | null;
  readonly group: string | null;
  /** The bit or bits of the word a bit field reads, null for other fields. */
  readonly bits: OsimText | null;
}

export interface CatalogueCommand {
  readonly code: string;
  readonly family: 'osim' | 'upgrade';
  readonly name: OsimTextKey;
  readonly kind: CommandKind;
  readonly version: number;
  readonly readBack: string | null;
  readonly fields: readonly CatalogueField[];
}

function fieldEntry(f: FieldDef): CatalogueField {
  const bits =
    f.type === 'bit'
      ? bitText(f.bit ?? 0)
      : f.type === 'bitRange'
        ? bitRangeText(f.fromBit ?? 0, (f.endBit ?? 1) - 1)
        : null;
  return {
    key: f.key,
    name: f.name,
    type: f.type,
    typeName: FIELD_TYPE_NAMES[f.type],
    byteLen: f.byteLen,
    scale: f.scale ?? 1,
    unit: f.unit ?? null,
    currency: f.currency === true,
    min: f.min ?? (f.codec === 'time' ? 0 : null),
    max: f.max ?? (f.codec === 'time' ? 1440 : null),
    allowed: f.allowed ?? null,
    options: f.options ? OPTION_SETS[f.options] : [],
    repeat: f.repeat ?? f.repeatRef ?? null,
    group: f.group ?? null,
    bits,
  };
}

function commandEntry(c: CommandDef, family: 'osim' | 'upgrade'): CatalogueCommand {
  return {
    code: c.code,
    family,
    name: c.name,
    kind: c.kind,
    version: c.version,
    readBack: c.readBack ?? null,
    fields: c.fields.map(fieldEntry),
  };
}

/**
 * With a PCU version: the commands that device knows, each in its applicable layout. Without: every layout of every
 * version, OSIM commands first, then the firmware upgrade commands.
 */
export function parameterCatalogue(pcuVersion?: number): CatalogueCommand[] {
  if (pcuVersion !== undefined) return commandsFor(pcuVersion).map((c) => commandEntry(c, 'osim'));
  return [
    ...OSIM_LAYOUTS.flatMap((l) => l.commands.map((c) => commandEntry(c, 'osim'))),
    ...UPGRADE_LAYOUTS.flatMap((l) => l.commands.map((c) => commandEntry(c, 'upgrade'))),
  ];
}
