import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { controlRecordQuerySchema, type ControlRecordFilter } from '@voltfleet/domain/records';
import { type Lang } from '@voltfleet/domain/i18n';
import { PageHeader } from '@/components/page-header';
import { RecordExportButtons } from '@/components/record-filter-parts';
import { usePageName } from '@/lib/page-name';
import { serverPagination } from '@/lib/paging';
import { useFilterFormKey } from '@/lib/filter-form-key';
import { readUrlList, writeUrlList, type UrlListState } from '@/lib/url-filters';
import { useControlRecordUsers, useControlRecords, useExportControlRecords } from '../api/get-control-records';
import { ControlRecordTable } from '../components/command-table';
import { ControlRecordFilters } from '../components/control-record-filters';

/**
 * /userCenter/contralRecord: every command to a device in scope, with its parameters, sender, address and outcome.
 * The filters live in the URL's query string (a reload or a shared link keeps them); the export takes the same.
 */
export default function ControlRecordsPage() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const title = usePageName('contralRecord');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const state = useMemo(
    () => readUrlList<ControlRecordFilter>(new URLSearchParams(query), controlRecordQuerySchema.shape),
    [query],
  );
  const { filter, page, pageSize } = state;
  const records = useControlRecords({ ...filter, page, pageSize });
  const users = useControlRecordUsers();
  const exporting = useExportControlRecords();
  const form = useFilterFormKey(query);
  const go = (next: Partial<UrlListState<Partial<ControlRecordFilter>>>) =>
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
      <ControlRecordFilters
        key={form.key}
        value={filter}
        users={users.data ?? []}
        onSubmit={(next) => setSearchParams(form.own(writeUrlList({ ...state, filter: next, page: 1 })))}
      />
      <ControlRecordTable
        commands={records.data?.items ?? []}
        loading={records.isFetching}
        testId="control-records"
        pagination={serverPagination({ page, pageSize }, records.data?.total, (p, size) =>
          go({ page: p, pageSize: size }),
        )}
      />
    </>
  );
}
