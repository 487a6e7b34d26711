import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/data-table';
import type { FieldRow } from '../lib/field-rows';

/** The fields of one frame's data in wire order: offset, raw bytes, name and value with unit. */
export function DecodedFields({ fields, testId }: { fields: readonly FieldRow[]; testId: string }) {
  const { t } = useTranslation();
  const columns: Column<FieldRow>[] = [
    { title: t('onlineDebug.columns.offset'), dataIndex: 'offset', width: 80, align: 'right' },
    { title: t('onlineDebug.columns.length'), dataIndex: 'length', width: 80, align: 'right' },
    { title: t('onlineDebug.columns.raw'), dataIndex: 'raw', render: (raw) => <code>{raw}</code> },
    { title: t('onlineDebug.columns.name'), dataIndex: 'name' },
    { title: t('onlineDebug.columns.key'), dataIndex: 'path', render: (path) => <code>{path}</code> },
    { title: t('onlineDebug.columns.value'), dataIndex: 'display' },
  ];
  return (
    <DataTable
      rowKey="path"
      columns={columns}
      dataSource={fields}
      data-testid={testId}
      rowTestId={(f) => `${testId}-${f.path}`}
      emptyText={t('onlineDebug.noFields')}
    />
  );
}
