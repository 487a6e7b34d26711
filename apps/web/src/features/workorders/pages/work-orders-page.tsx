import { Suspense, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readWorkOrderPrefill, type WorkOrderPrefill } from '@voltfleet/domain/workorders';
import { FilterSheet } from '@/components/filter-sheet';
import { PageHeader } from '@/components/page-header';
import { lazyLoad } from '@/lib/lazy-load';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { usePhone } from '@/lib/use-phone';
import { useWorkOrderOptions } from '../api/get-work-order-options';
import { useWorkOrders, type WorkOrderFilters as Filters } from '../api/get-work-orders';
import { WorkOrderCards } from '../components/work-order-cards';
import { WorkOrderDrawer } from '../components/work-order-drawer';
import { WorkOrderFilters } from '../components/work-order-filters';
import { WorkOrderTable } from '../components/work-order-table';

// The form (its selects and rules) loads when someone opens it.
const WorkOrderFormModal = lazyLoad(() => import('../components/work-order-form-modal'));

type Creating = { prefill: WorkOrderPrefill | null } | null;

/** How many filters are set (the phone's "Filters" button shows it). */
const filterCount = (filters: Filters) =>
  (['state', 'type', 'priority', 'assigneeId', 'plantId', 'text', 'overdue'] as const).filter(
    (key) => filters[key] !== undefined,
  ).length;

/**
 * /workOrders (shell entry, every signed-in user, their scope): the list with state counts and filters, the drawer of
 * one work order (`?open=<id>`, the in-app messages link there), and the create form (by hand, or filled from an
 * alarm with `?create=alarm&…`).
 */
export default function WorkOrdersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [filters, setFilters] = useState<Filters>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useWorkOrders(filters);
  const options = useWorkOrderOptions();
  const phone = usePhone();
  const openId = Number(search.get('open')) || null;
  // The alarm's prefill is read once from the link; the form then owns it, and the link is tidied away.
  const [creating, setCreating] = useState<Creating>(() => {
    const prefill = readWorkOrderPrefill(search);
    return prefill ? { prefill } : null;
  });

  const pagination = serverPagination(filters, list.data?.total, (page, pageSize) =>
    setFilters((f) => ({ ...f, page, pageSize })),
  );
  const setOpen = (id: number | null) => setSearch(id === null ? {} : { open: String(id) }, { replace: id === null });

  const content = (
    <>
      <PageHeader
        title={t('workOrders.title')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="work-order-create"
            onClick={() => setCreating({ prefill: null })}
          >
            {t('workOrders.create')}
          </Button>
        }
      />
      {/* The filters apply as they change: the sheet stays open until closed, the count following them. */}
      <FilterSheet count={filterCount(filters)} closeOn="" testId="work-order-filter-sheet">
        <WorkOrderFilters
          value={filters}
          counts={list.data?.counts}
          options={options.data}
          vertical={phone}
          onChange={(next) => setFilters((f) => ({ ...f, ...next, page: 1 }))}
        />
      </FilterSheet>
      {phone ? (
        <WorkOrderCards
          items={list.data?.items ?? []}
          loading={list.isFetching}
          pagination={pagination}
          onOpen={setOpen}
        />
      ) : (
        <WorkOrderTable
          items={list.data?.items ?? []}
          loading={list.isFetching}
          pagination={pagination}
          onOpen={setOpen}
        />
      )}
      <WorkOrderDrawer id={openId} onClose={() => setOpen(null)} />
      {creating && (
        <Suspense fallback={null}>
          <WorkOrderFormModal
            prefill={creating.prefill}
            onClose={() => {
              setCreating(null);
              if (search.get('create')) setSearch({}, { replace: true });
            }}
            onCreated={(order) => {
              setCreating(null);
              setSearch({ open: String(order.id) }, { replace: true });
            }}
          />
        </Suspense>
      )}
    </>
  );
  // A phone: controls big enough for a finger.
  return phone ? <div className="phone-touch">{content}</div> : content;
}
