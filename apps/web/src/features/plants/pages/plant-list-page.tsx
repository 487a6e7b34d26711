import { Suspense, useMemo, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Plant } from '@voltfleet/domain/plants';
import { Can } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { lazyLoad } from '@/lib/lazy-load';
import { usePageName } from '@/lib/page-name';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type PagerConfig } from '@/lib/paging';
import { usePlants, type PlantListParams } from '../api/get-plants';
import { usePlantListLive } from '../api/use-plant-list-live';
import { PlantFilters } from '../components/plant-filters';
import { PlantTable } from '../components/plant-table';
import { pageOf, sortPlants, type PlantSort } from '../utils/plant-list-view';

// The form and the delete confirmation load when first opened, keeping the list page light.
const PlantFormModal = lazyLoad(() => import('../components/plant-form-modal'));
const PlantDeleteModal = lazyLoad(() => import('../components/plant-delete-modal'));

/** /plantCenter/plantList: the plants the user may see, filtered by the server, sorted and paged here. */
export default function PlantListPage() {
  const { t } = useTranslation();
  const title = usePageName('plantList');
  const [filters, setFilters] = useState<PlantListParams>({ status: 'all' });
  const [sort, setSort] = useState<PlantSort>({ sort: 'name', order: 'asc' });
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<{ plant: Plant | null } | null>(null);
  const [deleting, setDeleting] = useState<Plant | null>(null);
  const plants = usePlants(filters);
  usePlantListLive();

  const sorted = useMemo(() => sortPlants(plants.data ?? [], sort), [plants.data, sort]);
  const page = pageOf(sorted, paging.page, paging.pageSize);
  const pagination: PagerConfig = {
    current: page.page,
    pageSize: paging.pageSize,
    total: sorted.length,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    onChange: (next, pageSize) => setPaging({ page: next, pageSize }),
  };
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Can code="A:plant.add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="plant-add"
              onClick={() => setEditing({ plant: null })}
            >
              {t('plantList.add')}
            </Button>
          </Can>
        }
      />
      <PlantFilters
        values={filters}
        onChange={(next) => {
          setFilters(next);
          firstPage();
        }}
      />
      <PlantTable
        plants={page.items}
        // A live refresh of the same filters keeps the rows on screen; new filters veil the old rows until they arrive.
        loading={plants.isPlaceholderData || (plants.isFetching && !plants.data)}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          firstPage();
        }}
        pagination={pagination}
        onEdit={(plant) => setEditing({ plant })}
        onDelete={setDeleting}
      />
      {editing && (
        <Suspense fallback={null}>
          <PlantFormModal plant={editing.plant} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <PlantDeleteModal plant={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </>
  );
}
