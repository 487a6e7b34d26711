// The shape of Voltfleet's OSIM field tables (src/tables/*, generated once from the reference data).

/**
 * A text the tables name by its key in the message catalogue (@voltfleet/domain's i18n: the `osim` namespace for
 * commands, fields, wire types and codec errors; `options` for the meanings of enumerated values). The tables hold no
 * words: the server and the web read the key in the reader's language (names.test.ts checks every key exists).
 */
export type OsimTextKey = `osim.${string}` | `option.${string}`;

/** A catalogue text with the values of its placeholders. */
export interface OsimText {
  readonly key: OsimTextKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * Wire types. Integers are big-endian two's complement (`int`, `long`) or unsigned (`uInt`); `string` is ASCII padded
 * with NUL bytes; `hex` and `bytes` are raw bytes shown as hex; `bit`/`bitRange` are bits of an unsigned word counted
 * from the least significant bit (`endBit` exclusive); `onePosition` is a set of flag bits (alarm words);
 * `preserve` is reserved space (zeros when written).
 */
export type FieldType =
  'int' | 'uInt' | 'long' | 'string' | 'hex' | 'bytes' | 'bit' | 'bitRange' | 'onePosition' | 'preserve';

/**
 * Value codecs between the wire and the logical value:
 * - `switch`: enable option, 0 default (`0000`), 1 enable (`ee00`), 2 disable (`00ee`)
 * - `onOff`: 1 on (`55`), 0 off (`aa`)
 * - `const`: a fixed hex content (`constant`)
 * - `time`: minutes after midnight (0–1440)
 * - `weekday`: forced charge weekday enable, 0 off (bits 00), 1 once (01), 2 weekly (11)
 */
export type FieldCodec = 'switch' | 'onOff' | 'const' | 'time' | 'weekday';

/** Names of the option sets in options.ts. */
export type OptionSetName =
  'workMode' | 'enableOption' | 'onOff' | 'pvSource' | 'backupOrder' | 'batteryType' | 'forcedCharge';

export interface FieldDef {
  /** Unique within its command; the key of the decoded value and of a builder's input. */
  readonly key: string;
  readonly order: number;
  readonly type: FieldType;
  /** Bytes on the wire for one value; 0 means "the rest of the data". */
  readonly byteLen: number;
  readonly name: OsimTextKey;
  readonly tag?: string;
  /** Wire value × scale = logical value (the reference's `unitValue`). */
  readonly scale?: number;
  readonly unit?: string;
  /** The value is an amount in the plant's currency. */
  readonly currency?: boolean;
  /** Reads the same bytes as the field before it (bit fields of one status word). */
  readonly same?: boolean;
  readonly bit?: number;
  readonly fromBit?: number;
  readonly endBit?: number;
  /** A fixed number of repetitions. */
  readonly repeat?: number;
  /** The key of the field that holds the number of repetitions. */
  readonly repeatRef?: string;
  /** Consecutive fields with the same group form one record; the record repeats. */
  readonly group?: string;
  readonly littleEndian?: boolean;
  readonly codec?: FieldCodec;
  readonly constant?: string;
  readonly allowed?: readonly number[];
  readonly min?: number;
  readonly max?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: 'ip';
  readonly options?: OptionSetName;
  readonly defaultValue?: number;
  /** A detail the community tools leave out of their lists (still decoded). */
  readonly detail?: boolean;
}

export type CommandKind = 'query' | 'write' | 'config';

export interface CommandDef {
  /** The command as hex text: `0A`, `98` (OSIM: first command byte, second 00) or `1000` (upgrade: both bytes). */
  readonly code: string;
  readonly name: OsimTextKey;
  /** query: read by sending an empty request; write: a setting or action; config: the Wi-Fi module's network setup. */
  readonly kind: CommandKind;
  /** The layout version that defines this form of the command. */
  readonly version: number;
  readonly fields: readonly FieldDef[];
  /** Commands whose frames answer this request (e.g. 95 → 95 and 9D). */
  readonly replies?: readonly string[];
  /** The query whose block this write command writes back. */
  readonly readBack?: string;
  /** The inverter drops the connection after this command. */
  readonly closesConnection?: boolean;
}

export interface VersionLayout {
  readonly version: number;
  readonly queryCommands: readonly string[];
  readonly commands: readonly CommandDef[];
}
