import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { usePageName } from '@/lib/page-name';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { useOperations, type OperationParams } from '../api/get-operations';
import { OperationFilters } from '../components/operation-filters';
import { OperationTable } from '../components/operation-table';

/** /userCenter/operateRecord: who changed what, from where, with which parameters and outcome. */
export default function OperationRecordsPage() {
  const title = usePageName('operateRecord');
  const [params, setParams] = useState<OperationParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const records = useOperations(params);

  return (
    <>
      <PageHeader title={title} />
      <OperationFilters onChange={(filter) => setParams((p) => ({ ...filter, page: 1, pageSize: p.pageSize }))} />
      <OperationTable
        records={records.data?.items ?? []}
        loading={records.isFetching}
        pagination={serverPagination(params, records.data?.total, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )}
      />
    </>
  );
}
