import {
  USER_EXPORT_COLUMNS,
  USER_EXPORT_MAX_ROWS,
  USER_EXPORT_SHEET,
  USER_STATUS_LABELS,
  levelName,
  localParts,
  utcOffsetLabel,
  utcOffsetMinutes,
  type Lang,
  type User,
  type UserExportColumn,
  type UserExportQuery,
} from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { csvFile, xlsxFile, type SheetCell, type SheetColumn } from '../../platform/spreadsheet.js';
import { exportUsersBelow, toUser } from './users.repository.js';
import { listFilterOf } from './users.service.js';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'YYYY-MM-DD HH:mm:ss' in the reader's zone. The header names the zone and its offset now; a time when the zone had
 * another offset (the other side of a daylight-saving change) says its own, so no cell is an hour off.
 */
export function zoneTime(ms: number, timeZone: string, headerOffset: number): string {
  const p = localParts(ms, timeZone);
  const text = `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  return utcOffsetMinutes(timeZone, ms) === headerOffset ? text : `${text} (${utcOffsetLabel(timeZone, ms)})`;
}

function cellsOf(u: User, lang: Lang, timeZone: string, headerOffset: number): Record<UserExportColumn, SheetCell> {
  return {
    username: u.username,
    name: u.name,
    code: u.code,
    role: u.roleName,
    level: levelName(u.level, lang),
    superior: u.superiorName ?? '',
    phone: u.phone ? `${u.prePhoneCode} ${u.phone}` : '',
    email: u.email,
    company: u.company,
    status: USER_STATUS_LABELS[u.enabled ? 'enabled' : 'disabled'][lang],
    createdAt: zoneTime(Date.parse(u.createdAt), timeZone, headerOffset),
  };
}

/**
 * The filtered user list below the caller as .xlsx or .csv: headers and words in `lang`, times in the reader's zone
 * (named with its UTC offset in the header). Every cell is neutralised by the sheet writers (a name like "=cmd|…"
 * stays text). A selection above `rowLimit` users is refused before a row is read.
 */
export async function exportUsers(
  db: Queryable,
  caller: Caller,
  q: UserExportQuery,
  lang: Lang,
  rowLimit = USER_EXPORT_MAX_ROWS,
): Promise<Buffer> {
  const { rows, total } = await exportUsersBelow(db, listFilterOf(caller, q), rowLimit);
  if (total > rowLimit) throw invalid('filters', 'export.tooManyRows', { max: rowLimit });
  const now = Date.now();
  const headerOffset = utcOffsetMinutes(q.timeZone, now);
  const columns: SheetColumn[] = USER_EXPORT_COLUMNS.map((c) => ({
    header:
      c.key === 'createdAt' ? `${c.names[lang]} (${q.timeZone}, ${utcOffsetLabel(q.timeZone, now)})` : c.names[lang],
    key: c.key,
    width: c.key === 'createdAt' ? 30 : 20,
  }));
  const cells = rows.map((r) => {
    const row = cellsOf(toUser(r, lang), lang, q.timeZone, headerOffset);
    return USER_EXPORT_COLUMNS.map((c) => row[c.key]);
  });
  return q.format === 'csv' ? csvFile(columns, cells) : xlsxFile(USER_EXPORT_SHEET[lang], columns, cells);
}
