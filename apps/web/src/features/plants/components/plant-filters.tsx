import { Flex, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLANT_STATUS_FILTERS, PLANT_TYPES, type PlantStatusFilter, type PlantType } from '@voltfleet/domain/plants';
import { FilterSheet } from '@/components/filter-sheet';
import { message } from '@/lib/i18n';
import { usePhone } from '@/lib/use-phone';
import type { PlantListParams } from '../api/get-plants';

interface Props {
  values: PlantListParams;
  onChange: (next: PlantListParams) => void;
}

/**
 * Narrow the plant list by status (all, online, normal, alarm, offline), type, and name or address; on a phone in a
 * sheet behind a "Filters" button.
 */
export function PlantFilters({ values, onChange }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const count = [values.q, values.status !== 'all' && values.status, values.type].filter(Boolean).length;
  return (
    <FilterSheet count={count} closeOn={JSON.stringify(values)} testId="plant-filters">
      <Flex gap={12} wrap vertical={phone} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('plantList.searchPlaceholder')}
          style={phone ? undefined : { maxWidth: 320 }}
          data-testid="plant-search"
          onSearch={(q) => onChange({ ...values, q: q.trim() || undefined })}
        />
        <Segmented<PlantStatusFilter>
          value={values.status ?? 'all'}
          data-testid="plant-status-filter"
          options={PLANT_STATUS_FILTERS.map((status) => ({ value: status, label: t(`plantList.status.${status}`) }))}
          onChange={(status) => onChange({ ...values, status })}
        />
        <Select<PlantType | 'all'>
          value={values.type ?? 'all'}
          style={{ minWidth: 200 }}
          data-testid="plant-type-filter"
          aria-label={t('plantList.fields.type')}
          options={[
            { value: 'all', label: t('plantList.allTypes') },
            ...PLANT_TYPES.map((type) => ({ value: type.value, label: message(type.label) })),
          ]}
          onChange={(type) => onChange({ ...values, type: type === 'all' ? undefined : type })}
        />
      </Flex>
    </FilterSheet>
  );
}
