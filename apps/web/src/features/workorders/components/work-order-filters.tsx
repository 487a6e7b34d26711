import { Checkbox, Flex, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATES,
  WORK_ORDER_TYPES,
  type WorkOrderOptions,
  type WorkOrderState,
  type WorkOrderStateCounts,
} from '@voltfleet/domain/workorders';
import type { WorkOrderFilters as Filters } from '../api/get-work-orders';

interface Props {
  value: Filters;
  counts: WorkOrderStateCounts | undefined;
  options: WorkOrderOptions | undefined;
  /** A changed filter (the page goes back to page 1). */
  onChange: (next: Partial<Filters>) => void;
  /** A phone's filter sheet: the states one under the other, each field the sheet's width. */
  vertical?: boolean;
}

const ALL = 'all';

/** The list's filters: state as segments with their counts (for the other filters), then type, priority, etc. */
export function WorkOrderFilters({ value, counts, options, onChange, vertical = false }: Props) {
  const { t } = useTranslation();
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }} className={vertical ? 'filter-bar' : undefined}>
      <Segmented
        vertical={vertical}
        block={vertical}
        data-testid="work-order-states"
        value={value.state ?? ALL}
        onChange={(v) => onChange({ state: v === ALL ? undefined : (v as WorkOrderState) })}
        options={[
          { value: ALL, label: label(t('workOrders.allStates'), total) },
          ...WORK_ORDER_STATES.map((s) => ({
            value: s,
            label: <span data-testid={`work-order-state-${s}`}>{label(t(`workOrders.states.${s}`), counts?.[s])}</span>,
          })),
        ]}
      />
      <Flex wrap gap={8} align={vertical ? 'stretch' : 'center'} vertical={vertical}>
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('workOrders.filters.text')}
          data-testid="work-order-search"
          onSearch={(text) => onChange({ text: text.trim() || undefined })}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('workOrders.fields.type')}
          value={value.type}
          onChange={(type) => onChange({ type })}
          options={WORK_ORDER_TYPES.map((v) => ({ value: v, label: t(`workOrders.types.${v}`) }))}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('workOrders.fields.priority')}
          value={value.priority}
          onChange={(priority) => onChange({ priority })}
          options={WORK_ORDER_PRIORITIES.map((v) => ({ value: v, label: t(`workOrders.priorities.${v}`) }))}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          placeholder={t('workOrders.fields.assignee')}
          value={value.assigneeId}
          onChange={(assigneeId) => onChange({ assigneeId })}
          options={options?.users.map((u) => ({ value: u.id, label: u.name }))}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          placeholder={t('workOrders.fields.plant')}
          value={value.plantId}
          onChange={(plantId) => onChange({ plantId })}
          options={options?.plants.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Checkbox
          checked={value.overdue === 'true'}
          data-testid="work-order-overdue-filter"
          onChange={(e) => onChange({ overdue: e.target.checked ? 'true' : undefined })}
        >
          {t('workOrders.filters.overdueOnly')}
        </Checkbox>
      </Flex>
    </Flex>
  );
}
