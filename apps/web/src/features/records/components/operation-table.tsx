import { useTranslation } from 'react-i18next';
import { OPERATION_CATEGORIES, type OperationRecord } from '@voltfleet/domain';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { StatusTag } from '@/components/status-tag';
import { formatDateTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';

interface Props {
  records: OperationRecord[];
  loading: boolean;
  pagination: PagerConfig;
}

const isKnownCategory = (c: string) => (OPERATION_CATEGORIES as readonly string[]).includes(c);

export function OperationTable({ records, loading, pagination }: Props) {
  const { t } = useTranslation();
  const columns: Column<OperationRecord>[] = [
    { title: t('records.time'), dataIndex: 'createdAt', render: formatDateTime, width: 170, fixed: 'left' },
    { title: t('records.user'), dataIndex: 'username', render: (name: string | null) => name ?? '—' },
    { title: t('records.ip'), dataIndex: 'ip' },
    { title: t('records.action'), dataIndex: 'action' },
    {
      title: t('records.category'),
      dataIndex: 'category',
      render: (c: string) => (isKnownCategory(c) ? t(`records.categories.${c}`) : c),
    },
    {
      title: t('records.object'),
      key: 'object',
      render: (_, r: OperationRecord) => (r.objectId ? `${r.objectType} #${r.objectId}` : r.objectType),
    },
    {
      title: t('records.params'),
      dataIndex: 'params',
      width: 320,
      // Long parameter lists scroll inside the cell rather than stretching the row.
      render: (params: Record<string, unknown>) => <pre className="json-params">{JSON.stringify(params)}</pre>,
    },
    {
      title: t('records.result'),
      dataIndex: 'ok',
      render: (ok: boolean) =>
        ok ? (
          <StatusTag tone="success">{t('records.succeeded')}</StatusTag>
        ) : (
          <StatusTag tone="error">{t('records.failed')}</StatusTag>
        ),
    },
  ];
  const choice = useColumnChoice('operationRecords', columns);
  return (
    <DataTable<OperationRecord>
      rowKey="id"
      className="data-table-fit"
      data-testid="records-table"
      columns={choice.columns}
      toolbar={choice.toolbar}
      dataSource={choice.ready ? records : []}
      loading={loading || !choice.ready}
      pagination={pagination}
    />
  );
}
