import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { operationQuerySchema, type OperationFilter } from '@voltfleet/domain/records';
import { type Lang } from '@voltfleet/domain/i18n';
import { PageHeader } from '@/components/page-header';
import { RecordExportButtons } from '@/components/record-filter-parts';
import { usePageName } from '@/lib/page-name';
import { serverPagination } from '@/lib/paging';
import { useFilterFormKey } from '@/lib/filter-form-key';
import { readUrlList, writeUrlList, type UrlListState } from '@/lib/url-filters';
import { useExportOperations, useOperations, useRecordUsers } from '../api/get-operations';
import { OperationFilters } from '../components/operation-filters';
import { OperationTable } from '../components/operation-table';

/**
 * /userCenter/operateRecord: who changed what, from where, with which parameters and outcome. The filters live in
 * the URL's query string (a reload or a shared link keeps them); the export takes the same filters.
 */
export default function OperationRecordsPage() {
  return <OperationRecordsPageContent />;
}

function OperationRecordsPageContent() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const title = usePageName('operateRecord');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const state = useMemo(
    () => readUrlList<OperationFilter>(new URLSearchParams(query), operationQuerySchema.shape),
    [query],
  );
  const { filter, page, pageSize } = state;
  const records = useOperations({ ...filter, page, pageSize });
  const users = useRecordUsers();
  const exporting = useExportOperations();
  const form = useFilterFormKey(query);
  const go = (next: Partial<UrlListState<Partial<OperationFilter>>>) =>
    setSearchParams(writeUrlList({ ...state, ...next }));

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <RecordExportButtons
            lang={lang}
            pending={exporting.isPending ? exporting.variables?.format : undefined}
            onExport={(format) => exporting.mutate({ filter, format })}
          />
        }
      />
      <OperationFilters
        key={form.key}
        value={filter}
        users={users.data ?? []}
        onSubmit={(next) => setSearchParams(form.own(writeUrlList({ ...state, filter: next, page: 1 })))}
      />
      <OperationTable
        records={records.data?.items ?? []}
        loading={records.isFetching}
        pagination={serverPagination({ page, pageSize }, records.data?.total, (p, size) =>
          go({ page: p, pageSize: size }),
        )}
      />
    </>
  );
}
