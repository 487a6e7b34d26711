import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  OPERATION_CATEGORIES,
  OPERATION_CATEGORY_NAMES,
  RECORD_WORDS,
  type OperationCategory,
  type OperationRecord,
} from '@voltfleet/domain/records';
import { type Lang } from '@voltfleet/domain/i18n';
import { DataTable, useColumnChoice, type Column } from '@/components/data-table';
import { StatusTag } from '@/components/status-tag';
import { formatDateTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { describeRecord, type RecordText } from '../lib/record-text';
import { message } from '@/lib/i18n';

interface Props {
  records: OperationRecord[];
  loading: boolean;
  pagination: PagerConfig;
}

const isKnownCategory = (c: string): c is OperationCategory => (OPERATION_CATEGORIES as readonly string[]).includes(c);

/**
 * The record as stored, for support and audits: action code, object kind and id, the request's parameters and the
 * changes as JSON. Folded away: the readable columns are the record; this is how it was written down.
 */
function TechnicalDetails({ record }: { record: OperationRecord }) {
  const { action, objectType, objectId, params, changes } = record;
  const raw = JSON.stringify({ action, objectType, objectId, params, changes }, null, 1);
  return (
    <details className="record-details">
      <summary>{message(RECORD_WORDS.details)}</summary>
      <pre className="json-params">{raw}</pre>
    </details>
  );
}

/**
 * The record's object: its name, or for several devices "10 devices" that opens onto their serial numbers (a summary
 * that fits a row, the whole list one click away).
 */
function RecordObject({ text }: { text: RecordText }) {
  if (text.devices.length === 0) return <>{text.object || '—'}</>;
  return (
    <details className="record-devices" data-testid="record-devices">
      <summary>{text.object}</summary>
      <ul style={{ margin: 0, paddingInlineStart: 16 }}>
        {text.devices.map((sn) => (
          <li key={sn}>{sn}</li>
        ))}
      </ul>
    </details>
  );
}

export function OperationTable({ records, loading, pagination }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const texts = new Map(records.map((r) => [r.id, describeRecord(r, lang)]));
  const text = (r: OperationRecord) => texts.get(r.id) ?? describeRecord(r, lang);
  const columns: Column<OperationRecord>[] = [
    { title: t('records.time'), dataIndex: 'createdAt', render: formatDateTime, width: 170, fixed: 'left' },
    {
      title: t('records.user'),
      dataIndex: 'username',
      // A change made by a program with one of the user's API keys says which key (its number in the owner's list).
      render: (name: string | null, r) => (
        <>
          {name ?? '—'}
          {r.apiKeyId !== null && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('records.viaApiKey', { id: r.apiKeyId })}
            </Typography.Text>
          )}
        </>
      ),
    },
    { title: t('records.ip'), dataIndex: 'ip' },
    { title: t('records.action'), key: 'action', render: (_, r) => text(r).action },
    {
      title: t('records.category'),
      dataIndex: 'category',
      render: (c: string) => (isKnownCategory(c) ? message(OPERATION_CATEGORY_NAMES[c]) : c),
    },
    { title: t('records.object'), key: 'object', render: (_, r) => <RecordObject text={text(r)} /> },
    {
      title: t('records.params'),
      key: 'params',
      width: 320,
      render: (_, r) => {
        const lines = text(r).parameters;
        return lines.length === 0 ? '—' : lines.map((line, i) => <div key={i}>{line}</div>);
      },
    },
    {
      title: t('records.result'),
      key: 'ok',
      render: (_, r) =>
        r.ok ? (
          <StatusTag tone="success">{t('records.succeeded')}</StatusTag>
        ) : (
          <>
            <StatusTag tone="error">{t('records.failed')}</StatusTag>
            {text(r).refusal && (
              <div className="record-refusal" data-testid="record-refusal">
                {text(r).refusal}
              </div>
            )}
          </>
        ),
    },
    {
      title: message(RECORD_WORDS.details),
      key: 'details',
      width: 160,
      render: (_, r) => <TechnicalDetails record={r} />,
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
      rowTestId={(r) => `record-row-${r.id}`}
    />
  );
}
