import {
  USER_EXPORT_COLUMNS,
  USER_EXPORT_MAX_ROWS,
  USER_EXPORT_SHEET,
  USER_APPROVAL_LABELS,
  USER_STATUS_LABELS,
  levelName,
  type User,
  type UserExportColumn,
  type UserExportQuery,
} from '@voltfleet/domain/users';
import { type Lang, translate, translateOr } from '@voltfleet/domain/i18n';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { sheetFile, sheetTime, timeColumnHeader, type SheetCell } from '../../platform/spreadsheet.js';
import { exportUsersBelow, toUser } from './users.repository.js';
import { listFilterOf } from './users.service.js';

function cellsOf(u: User, lang: Lang, timeZone: string): Record<UserExportColumn, SheetCell> {
  return {
    username: u.username,
    name: u.name,
    code: u.code,
    role: u.roleName,
    level: translateOr(levelName(u.level), lang, String(u.level)),
    superior: u.superiorName ?? '',
    phone: u.phone ? `${u.prePhoneCode} ${u.phone}` : '',
    email: u.email,
    company: u.company,
    status: translate(
      u.approval === 'approved'
        ? USER_STATUS_LABELS[u.enabled ? 'enabled' : 'disabled']
        : USER_APPROVAL_LABELS[u.approval],
      lang,
    ),
    createdAt: sheetTime(u.createdAt, timeZone),
  };
}

/**
 * The filtered user list below the caller as .xlsx or .csv: headers and words in `lang`, times on the reader's wall
 * clock with their UTC offset (the zone in the header). Every cell is neutralised by the sheet writer (a name like "=cmd|…"
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
  return sheetFile(
    {
      name: translate(USER_EXPORT_SHEET, lang),
      headers: USER_EXPORT_COLUMNS.map((c) =>
        c.key === 'createdAt' ? timeColumnHeader(translate(c.label, lang), q.timeZone) : translate(c.label, lang),
      ),
      widths: USER_EXPORT_COLUMNS.map((c) => (c.key === 'createdAt' ? 30 : 20)),
      rows: rows.map((r) => {
        const cells = cellsOf(toUser(r, lang), lang, q.timeZone);
        return USER_EXPORT_COLUMNS.map((c) => cells[c.key]);
      }),
    },
    q.format,
  );
}
