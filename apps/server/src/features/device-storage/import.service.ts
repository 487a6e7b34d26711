import {
  kindFromLabel,
  stockInSchema,
  type ImportRejected,
  type ImportResult,
  type StockIn,
} from '@voltfleet/domain/devices';
import { LANGUAGES, localiseIssues, translate, translator, type Lang } from '@voltfleet/domain/i18n';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { insertDevices, type NewDevice } from '../devices/index.js';
import { existingSerialNumbers } from './device-storage.repository.js';
import { fieldsOf, isLinked, issueSecret, scopeOf } from './device-storage.service.js';
import type { SheetRow } from './import-sheet.js';
import { IMPORT_COLUMNS } from './sheet-columns.js';
import { buildCredentialsSheet, type CredentialRow } from './sheets.js';

interface ValidRow {
  row: number;
  input: StockIn;
}

const headerOf = (key: string, lang: Lang) => IMPORT_COLUMNS.find((c) => c.key === key)?.header[lang] ?? key;

/** The device kinds' labels are read in every language. */
const IN_EACH_LANGUAGE = LANGUAGES.map((lang) => translator(lang));

/** A code cell: left out when empty, a number when it is one (else the text, which the schema refuses). */
const codeOf = (text: string | null): number | string | undefined =>
  !text ? undefined : /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text;

/** A row as stock-in input; the device type may be written as its code or its label in any language. */
function inputOf(cells: SheetRow['cells']) {
  const kindText = cells.kind ?? '';
  return {
    sn: cells.sn,
    kind: kindFromLabel(kindText, IN_EACH_LANGUAGE) ?? kindText,
    modelType: cells.modelType,
    batteryModelType: cells.batteryModelType || undefined,
    installationPosition: cells.installationPosition || undefined,
    gridCode: codeOf(cells.gridCode),
    batteryProtocol: codeOf(cells.batteryProtocol),
    meterProtocol: codeOf(cells.meterProtocol),
    template: cells.template || undefined,
  };
}

/** Checks one row against the stock-in rules: the valid input, or why the row is refused. */
function validateRow(row: SheetRow, lang: Lang): ValidRow | ImportRejected {
  const sn = row.cells.sn ?? '';
  const unreadable = IMPORT_COLUMNS.find((c) => row.cells[c.key] === null);
  if (unreadable) {
    const message = `${headerOf(unreadable.key, lang)}: ${translate('validation.invalidValue', lang)}`;
    return { row: row.row, sn, reason: 'badValue', message };
  }
  const parsed = stockInSchema.safeParse(inputOf(row.cells));
  if (parsed.success) return { row: row.row, input: parsed.data };
  const onlyModel = parsed.error.issues.every((i) => i.message === 'deviceStorage.unknownModel');
  const message = localiseIssues(parsed.error.issues, lang)
    .map((i) => `${headerOf(i.path.split('.')[0] ?? '', lang)}: ${i.message}`)
    .join('; ');
  return { row: row.row, sn, reason: onlyModel ? 'unknownModel' : 'badValue', message };
}

/** Splits rows into valid ones and rejections; a serial number seen in an earlier row is a duplicate. */
function validateRows(rows: readonly SheetRow[], lang: Lang): { valid: ValidRow[]; rejected: ImportRejected[] } {
  const firstRow = new Map<string, number>();
  const valid: ValidRow[] = [];
  const rejected: ImportRejected[] = [];
  for (const row of rows) {
    const sn = row.cells.sn ?? '';
    const first = sn ? firstRow.get(sn) : undefined;
    if (first !== undefined) {
      const message = translate('deviceStorage.duplicateInSheet', lang, { row: first });
      rejected.push({ row: row.row, sn, reason: 'duplicateInSheet', message });
      continue;
    }
    if (sn) firstRow.set(sn, row.row);
    const checked = validateRow(row, lang);
    if ('input' in checked) valid.push(checked);
    else rejected.push(checked);
  }
  return { valid, rejected };
}

/**
 * Stocks in the valid rows of an import sheet for the caller, in one transaction, and lists every refused row
 * with its reason. Rows are accepted one by one: a bad row does not hold back the good ones (the page says so).
 */
export async function importDevices(db: Db, caller: Caller, rows: readonly SheetRow[], lang: Lang) {
  const scope = scopeOf(caller);
  const { valid, rejected } = validateRows(rows, lang);
  // Hashing is CPU work: done before the transaction holds the database.
  const secrets = new Map<string, { secret: string; hash: string }>();
  for (const { input } of valid) if (isLinked(input.kind)) secrets.set(input.sn, await issueSecret());
  const accepted = await db.transaction(async (tx) => {
    const existing = await existingSerialNumbers(
      tx,
      scope,
      valid.map((v) => v.input.sn),
    );
    const fresh: ValidRow[] = [];
    for (const v of valid) {
      const found = existing.get(v.input.sn);
      if (!found) fresh.push(v);
      else {
        const key = found.inScope ? 'deviceStorage.snInStorage' : 'deviceStorage.snOwnedElsewhere';
        const reason = found.inScope ? 'alreadyInStorage' : 'ownedElsewhere';
        rejected.push({ row: v.row, sn: v.input.sn, reason, message: translate(key, lang) });
      }
    }
    const devices: NewDevice[] = fresh.map(({ input }) => ({
      sn: input.sn,
      kind: input.kind,
      model: input.modelType,
      batteryModel: input.batteryModelType ?? '',
      installationPosition: input.installationPosition ?? '',
      ownerId: caller.id,
      secretHash: secrets.get(input.sn)?.hash ?? null,
      fields: fieldsOf(input),
    }));
    const inserted = await insertDevices(tx, devices);
    for (const v of fresh) {
      // Taken by a concurrent stock-in between the check and the insert.
      if (!inserted.has(v.input.sn)) {
        const message = translate('deviceStorage.snOwnedElsewhere', lang);
        rejected.push({ row: v.row, sn: v.input.sn, reason: 'ownedElsewhere', message });
      }
    }
    return fresh.filter((v) => inserted.has(v.input.sn));
  });
  rejected.sort((a, b) => a.row - b.row);
  const credentials: CredentialRow[] = accepted.flatMap(({ input }) => {
    const secret = secrets.get(input.sn)?.secret;
    return secret ? [{ sn: input.sn, kind: input.kind, modelType: input.modelType, secret }] : [];
  });
  const result: ImportResult = {
    accepted: accepted.map(({ row, input }) => ({ row, sn: input.sn, kind: input.kind, modelType: input.modelType })),
    rejected,
    credentialsSheet: credentials.length ? (await buildCredentialsSheet(lang, credentials)).toString('base64') : null,
  };
  return result;
}
