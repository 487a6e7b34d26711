import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  RECORD_EXPORT_FORMATS,
  RECORD_EXPORT_MAX_ROWS,
  RECORD_FILTER_WORDS,
  type RecordExportFormat,
  type RecordUser,
} from '@voltfleet/domain/records';
import { type Lang } from '@voltfleet/domain/i18n';
import { formatNumber } from '@/lib/number-format';
import { message } from '@/lib/i18n';

/**
 * Parts of the two record pages' filter bars (operation records, control records): a labelled field, the user
 * picker and the export buttons. Plain controls: Ant Design's Form and Select stay out of these pages.
 */

export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The acting user, one of the caller's subtree (the server lists them); "All users" when none is picked. */
export function UserSelect({
  id,
  users,
  value,
  onChange,
}: {
  id: string;
  users: readonly RecordUser[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  return (
    <select
      id={id}
      className="native-select"
      style={{ width: 160 }}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      data-testid="records-user"
    >
      <option value="">{message(RECORD_FILTER_WORDS.allUsers)}</option>
      {users.map((u) => (
        <option key={u.id} value={u.id}>
          {u.username}
        </option>
      ))}
    </select>
  );
}

/** Downloads what the filters select as .xlsx or .csv; the cap is said on the buttons and by the server's refusal. */
export function RecordExportButtons({
  lang,
  pending,
  onExport,
}: {
  lang: Lang;
  pending: RecordExportFormat | undefined;
  onExport: (format: RecordExportFormat) => void;
}) {
  const cap = message(RECORD_FILTER_WORDS.exportCap, { max: formatNumber(RECORD_EXPORT_MAX_ROWS, lang, 0) });
  return (
    <Space.Compact>
      {RECORD_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined />}
          title={cap}
          loading={pending === format}
          disabled={pending !== undefined}
          data-testid={`records-export-${format}`}
          onClick={() => onExport(format)}
        >
          {message(RECORD_FILTER_WORDS[format === 'xlsx' ? 'exportXlsx' : 'exportCsv'])}
        </Button>
      ))}
    </Space.Compact>
  );
}
