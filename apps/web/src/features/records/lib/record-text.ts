import { COMMAND_KINDS, type CommandKind, type SettingInput } from '@voltfleet/domain/commands';
import { ON_GRID_TYPES, PLANT_TYPES } from '@voltfleet/domain/plants';
import {
  RECORD_WORDS,
  recordActionOf,
  recordHeadline,
  recordObjectNoun,
  type OperationRecord,
} from '@voltfleet/domain/records';
import { SECRET_KEY } from '@voltfleet/domain/validation';
import { findOption, type Lang } from '@voltfleet/domain/i18n';
import { formatTariffPeriods, type TariffPeriod } from '@voltfleet/domain/tariffs';
import { reportIndexName } from '@voltfleet/domain/reports';
import { commandRequestText } from '@/lib/command-text';
import { i18next, message } from '@/lib/i18n';
import { LANG_LABELS } from '@/lib/lang';
import { formatNumber } from '@/lib/number-format';
import { labelOf, optionLabel } from '@/lib/labels';

/** An operation record for people: what happened to what, and with which values. */
export interface RecordText {
  /** "Plant Suzhou edited: Detailed address" */
  action: string;
  /** "Plant Suzhou", "Device VF0001", "10 devices"; empty when the action has no object. */
  object: string;
  /** The serial numbers "10 devices" stands for (a command to a selection); empty for a record of one object. */
  devices: string[];
  /** "Detailed address: Old St 1 → New St 2", "SOC lower limit → 20 %" */
  parameters: string[];
  /** "Refused: <why>" for a request the server refused and said why; null otherwise. */
  refusal: string | null;
}

/**
 * Where each kind of object's field labels are: the texts of the forms that edit them (one owner per label). The
 * first prefix that knows a field names it; `ALIASES` maps a request's key to its form's (`roleId` is "Role").
 */
const FIELD_LABELS: Record<string, readonly string[]> = {
  plant: ['plantList.fields.', 'plantConfig.', 'plantConfig.factors.'],
  plantScript: ['plantScript.'],
  // The account's language is named by the language switch's own label.
  user: ['users.', 'profile.', 'common.'],
  role: ['roles.'],
  notificationRule: ['notificationRules.form.'],
  workOrder: ['workOrders.fields.'],
  reportTemplate: ['reports.'],
  device: ['deviceStorage.'],
  firmware: ['firmware.'],
  notice: ['notices.'],
};
const ALIASES: Record<string, Record<string, string>> = {
  user: { roleId: 'role', roleName: 'role', superiorId: 'superior', enabled: 'status', prePhoneCode: 'phone' },
  notificationRule: { plantIds: 'plants', userIds: 'users' },
  workOrder: { plantId: 'plant', deviceId: 'device', alarmId: 'alarm', assigneeId: 'assignee' },
  device: {
    plantId: 'plant',
    batteryModelType: 'batteryModel',
    modelType: 'model',
    installationPosition: 'position',
    ownerId: 'holder',
  },
  notice: { title: 'noticeTitle' },
};
/** Parts of a request that say how it was sent, not what changed. */
const NOT_PARAMETERS = new Set(['confirm', 'tree', 'deviceIds']);
const MAX_TEXT = 120;

/** A key nobody labelled, readable at least: "affiliatedUserIds" → "affiliated user ids". */
const humanize = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();

export function fieldLabel(objectType: string, field: string, lang: Lang): string {
  const name = ALIASES[objectType]?.[field] ?? field;
  for (const prefix of FIELD_LABELS[objectType] ?? []) {
    const key = `${prefix}${name}`;
    if (!i18next.exists(key, { lng: lang })) continue;
    const label: unknown = i18next.t(key, { lng: lang, returnObjects: true });
    if (typeof label === 'string' && label !== '') return label;
  }
  return humanize(field);
}

const cut = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isTariffPeriod = (v: unknown): v is TariffPeriod =>
  isRecord(v) && typeof v.type === 'number' && typeof v.start === 'string' && typeof v.price === 'number';

/** A stored value for people: options by their label, numbers in the language, lists joined; never JSON. */
export function valueText(objectType: string, field: string, value: unknown, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return message(value ? RECORD_WORDS.yes : RECORD_WORDS.no);
  if (typeof value === 'number') {
    const options = objectType === 'plant' ? { type: PLANT_TYPES, onGridType: ON_GRID_TYPES }[field] : undefined;
    return (options && optionLabel(findOption(options, value))) ?? formatNumber(value, lang, 6);
  }
  if (field === 'language' && typeof value === 'string' && Object.hasOwn(LANG_LABELS, value))
    return LANG_LABELS[value as Lang];
  // A report's indices by the names its picker shows ("PV energy today"), a device's kind by the device list's word.
  if (objectType === 'reportTemplate' && field === 'indices' && typeof value === 'string')
    return reportIndexName(value, message);
  if (objectType === 'device' && field === 'kind' && typeof value === 'string') {
    const key = `devices.kinds.${value}`;
    if (i18next.exists(key, { lng: lang })) return i18next.t(key, { lng: lang });
  }
  if (typeof value === 'string') return cut(value);
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isTariffPeriod)) return formatTariffPeriods(value, message);
    return value.length === 0 ? '—' : cut(value.map((v) => valueText(objectType, field, v, lang)).join(', '));
  }
  if (isRecord(value)) {
    // A named thing (a rule's plants and users) by its name; a phone as "+86 13800000000"; else its parts.
    if (typeof value.name === 'string') return value.name;
    if (typeof value.phone === 'string') return `${String(value.prePhoneCode ?? '')} ${value.phone}`.trim();
    return cut(
      Object.entries(value)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([, v]) => valueText(objectType, field, v, lang))
        .join(' '),
    );
  }
  return cut(String(value));
}

const shown = ([key, value]: [string, unknown]) => !SECRET_KEY.test(key) && value !== '***' && !NOT_PARAMETERS.has(key);

const recordActionOfRecord = (r: OperationRecord) => recordActionOf(r.action, r.params);

/** The lines of a record's parameters: what changed, before → after, or (without changes) what was sent. */
function parameterLines(r: OperationRecord, action: string, lang: Lang): string[] {
  const label = (field: string) => fieldLabel(r.objectType, field, lang);
  const value = (field: string, v: unknown) => valueText(r.objectType, field, v, lang);
  if (r.changes && Object.keys(r.changes).length > 0)
    return Object.entries(r.changes).map(([field, change]) => {
      if (SECRET_KEY.test(field) || !('to' in change)) return `${label(field)}: ${message(RECORD_WORDS.changed)}`;
      return 'from' in change
        ? `${label(field)}: ${value(field, change.from)} → ${value(field, change.to)}`
        : `${label(field)} → ${value(field, change.to)}`;
    });
  // Signing in and out: the user is the record's user, the rest (password, captcha) is not for reading.
  if (action.startsWith('auth.')) return [];
  if (action === 'command.issue') {
    const kind = r.params.kind;
    const known = typeof kind === 'string' && (COMMAND_KINDS as readonly string[]).includes(kind);
    return known ? [commandRequestText({ ...r.params, kind: kind as CommandKind } as SettingInput, lang)] : [];
  }
  return Object.entries(r.params)
    .filter(shown)
    .map(([field, v]) => `${label(field)}: ${value(field, v)}`);
}

/**
 * An operation record in a language: the action as a sentence naming its object and the fields it changed, the
 * object, its devices when it is several, the parameters, and why it was refused. The headline (sentence, object,
 * devices, refusal) is the domain's recordHeadline, which the export reads too; the fields' labels and values are the
 * page's forms' words. Records written before changes were kept list what was sent; an action no table knows reads
 * "Other change"; its code stays in the technical details.
 */
export function describeRecord(r: OperationRecord, lang: Lang): RecordText {
  const headline = recordHeadline(r, lang, message);
  const changed = r.changes ? Object.keys(r.changes) : [];
  // "Device VF0001" names one; "10 devices" is already a noun.
  const noun = headline.devices.length > 0 ? null : labelOf(recordObjectNoun(r.objectType));
  const separator = lang === 'zh' ? '、' : ', ';
  return {
    action:
      changed.length > 0
        ? `${headline.action}${lang === 'zh' ? '：' : ': '}${changed.map((f) => fieldLabel(r.objectType, f, lang)).join(separator)}`
        : headline.action,
    object: headline.name ? [noun, headline.name].filter(Boolean).join(' ') : '',
    devices: headline.devices,
    parameters: parameterLines(r, recordActionOfRecord(r), lang),
    refusal: headline.refusal,
  };
}
