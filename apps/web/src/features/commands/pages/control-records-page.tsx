import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { usePageName } from '@/lib/page-name';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { useControlRecords, type ControlRecordParams } from '../api/get-control-records';
import { ControlRecordTable } from '../components/command-table';
import { ControlRecordFilters } from '../components/control-record-filters';

/** /userCenter/contralRecord: every command to a device in scope, with its parameters, sender and outcome. */
export default function ControlRecordsPage() {
  const title = usePageName('contralRecord');
  const [params, setParams] = useState<ControlRecordParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const records = useControlRecords(params);

  return (
    <>
      <PageHeader title={title} />
      <ControlRecordFilters onChange={(filter) => setParams((p) => ({ ...filter, page: 1, pageSize: p.pageSize }))} />
      <ControlRecordTable
        commands={records.data?.items ?? []}
        loading={records.isFetching}
        testId="control-records"
        pagination={serverPagination(params, records.data?.total, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )}
      />
    </>
  );
}
