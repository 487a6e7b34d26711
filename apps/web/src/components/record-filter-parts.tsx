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
import { FilterSelect } from './filter-select';

/**
 * Parts of the two record pages' filter bars (operation records, control records): a labelled field, the user
 * picker and the export buttons.
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
    <FilterSelect<number>
      id={id}
      testId="records-user"
      searchable
      value={value}
      allLabel={message(RECORD_FILTER_WORDS.allUsers)}
      options={users.map((u) => ({ value: u.id, label: u.username }))}
      onChange={onChange}
    />
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
