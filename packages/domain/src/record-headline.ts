import type { Lang } from './languages.js';
import type { OperationRecord } from './records.js';
import { isRecordAction, recordActionOf, recordActionText, type RecordAction } from './record-actions.js';
import type { MessageKey, Translate } from './i18n/catalogue.js';

/** Words of a record's headline of its own. */
export const RECORD_HEADLINE_WORDS = {
  /** A record of several devices, summarised (the list of serial numbers opens below it). */
  devices: 'recordHeadline.devices',
  /** What the server answered a refused request ("Refused: the value must be …"). */
  refused: 'recordHeadline.refused',
} as const satisfies Record<string, MessageKey>;

/**
 * The sentence of a refused action where the action's own sentence would claim it happened ("Command issued to …"):
 * what was attempted and that it was refused. An action without an entry keeps its sentence, and the refusal line
 * beside it says it was refused.
 */
export const RECORD_REFUSED_NAMES = {
  'command.issue': {
    named: 'recordRefused.command_issue.named',
    // No device the reader may see (or none the request named): what was refused, without an object.
    unnamed: 'recordRefused.command_issue.unnamed',
  },
} as const satisfies Partial<Record<RecordAction, { named: MessageKey; unnamed: MessageKey }>>;

/** What a record is about, as the list and the export say it. */
export interface RecordHeadline {
  /** The action as a sentence naming its object: "Plant Suzhou edited", "Command to 10 devices refused". */
  action: string;
  /** The object's words in the sentence: a name, "#12", "10 devices"; empty when the action has no object. */
  name: string;
  /** The serial numbers of a record of several devices (what "10 devices" stands for); empty otherwise. */
  devices: string[];
  /** "Refused: <why>" for a request the server refused and said why; null otherwise. */
  refusal: string | null;
}

/** The record's object ids when they are numbers ("12", "3,4"); null for anything else (serials, a summary). */
const numericIds = (objectId: string | null) =>
  objectId && /^\d+(,\d+)*$/.test(objectId) ? objectId.split(',') : null;

/**
 * The headline of an operation record in a language, its words read with `t` (the one owner: the records page and the export both read it).
 * The object is named by what the server resolved for the reader (objectName), else by its number ("#12": deleted,
 * or not the reader's to see). A record of several devices (a command to a selection) reads "10 devices" and lists
 * the serial numbers apart; a refused request says so and why, in the reader's language.
 */
export function recordHeadline(r: OperationRecord, lang: Lang, t: Translate): RecordHeadline {
  const action = recordActionOf(r.action, r.params);
  const ids = numericIds(r.objectId);
  // Serial numbers have no ", " in them: the server joins a record's devices with it (records.repository.ts).
  const devices = r.objectType === 'device' && r.objectName ? r.objectName.split(', ') : [];
  const several = devices.length > 1;
  const name = several
    ? t(RECORD_HEADLINE_WORDS.devices, { count: devices.length })
    : (r.objectName ?? (ids ? ids.map((id) => `#${id}`).join(', ') : ''));
  // Only a record that kept the server's answer is known refused (ok is false too while an outcome is unknown).
  const refused = !r.ok && r.refusal && isRecordAction(action) ? refusedNames(action) : undefined;
  const text = refused ? (name ? t(refused.named, { name }) : t(refused.unnamed)) : recordActionText(action, name, t);
  const why = !r.ok && r.refusal ? r.refusal[lang] : null;
  return {
    action: text,
    name,
    devices: several ? devices : [],
    refusal: why === null ? null : `${t(RECORD_HEADLINE_WORDS.refused)}${lang === 'zh' ? '：' : ': '}${why}`,
  };
}

const refusedNames = (action: RecordAction): { named: MessageKey; unnamed: MessageKey } | undefined =>
  Object.hasOwn(RECORD_REFUSED_NAMES, action)
    ? RECORD_REFUSED_NAMES[action as keyof typeof RECORD_REFUSED_NAMES]
    : undefined;
