import { useState, type ReactNode } from 'react';
import { Button, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_ACK_FILTERS,
  ALARM_GROUPS,
  ALARM_SEVERITIES,
  ALARM_STATES,
  type AlarmFilter,
} from '@voltfleet/domain/alarms';
import { DayPicker } from '@/components/day-picker';
import { FilterSelect } from '@/components/filter-select';
import type { PlantChoice } from '../api/get-plant-choices';
import './alarms.css';
import { useAlarmLabels } from './use-alarm-labels';

interface Props {
  /** The filters in force (from the URL); the form starts from them. */
  value: AlarmFilter;
  /** The plants the user sees; undefined when the plant list is not available to them. */
  plants: readonly PlantChoice[] | undefined;
  onSubmit: (filter: AlarmFilter) => void;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** One filter's values with "all" first. */
function Choice<T extends string>(props: {
  id: string;
  value: T | undefined;
  values: readonly T[];
  label: (value: T) => string;
  onChange: (value: T | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect<T>
      id={props.id}
      value={props.value}
      width={150}
      allLabel={t('alarms.filters.all')}
      options={props.values.map((v) => ({ value: v, label: props.label(v) }))}
      onChange={props.onChange}
    />
  );
}

const blank = (text: string | undefined) => text?.trim() || undefined;

/**
 * Days (each alarm's plant-local calendar day), plant, serial number, severity, state, acknowledgement, group and
 * free text. Re-mounted with the URL's filters after each search, so the form always shows what is in force.
 */
export function AlarmFilters({ value, plants, onSubmit }: Props) {
  const { t } = useTranslation();
  const labels = useAlarmLabels();
  const [draft, setDraft] = useState<AlarmFilter>(value);
  const set = (next: Partial<AlarmFilter>) => setDraft((d) => ({ ...d, ...next }));
  const plantOptions = plants && [
    ...plants,
    // A plant from a link that the list does not hold (yet) is still shown as chosen.
    ...(value.plantId && !plants.some((p) => p.plantId === value.plantId)
      ? [{ plantId: value.plantId, name: `#${value.plantId}` }]
      : []),
  ];

  const submit = () => {
    const sn = blank(draft.sn);
    // A device from an overview link is kept only while its serial number is what the form still says.
    const deviceId = sn !== undefined && sn === value.sn ? value.deviceId : undefined;
    onSubmit({ ...draft, sn, q: blank(draft.q), deviceId });
  };

  return (
    <form
      className="filter-bar"
      data-testid="alarm-filters"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field id="alarm-filter-from" label={t('alarms.filters.from')}>
        <DayPicker id="alarm-filter-from" value={draft.from} max={draft.to} onChange={(from) => set({ from })} />
      </Field>
      <Field id="alarm-filter-to" label={t('alarms.filters.to')}>
        <DayPicker id="alarm-filter-to" value={draft.to} min={draft.from} onChange={(to) => set({ to })} />
      </Field>
      {plantOptions && (
        <Field id="alarm-filter-plant" label={t('alarms.filters.plant')}>
          <FilterSelect<number>
            id="alarm-filter-plant"
            width={220}
            searchable
            value={draft.plantId}
            allLabel={t('alarms.filters.allPlants')}
            options={plantOptions.map((p) => ({ value: p.plantId, label: p.name }))}
            onChange={(plantId) => set({ plantId })}
          />
        </Field>
      )}
      <Field id="alarm-filter-sn" label={t('alarms.filters.sn')}>
        <Input
          id="alarm-filter-sn"
          allowClear
          maxLength={64}
          style={{ width: 160 }}
          data-testid="alarm-filter-sn"
          value={draft.sn ?? ''}
          onChange={(e) => set({ sn: e.target.value })}
        />
      </Field>
      <Field id="alarm-filter-severity" label={t('alarms.filters.severity')}>
        <Choice
          id="alarm-filter-severity"
          value={draft.severity}
          values={ALARM_SEVERITIES}
          label={labels.severity}
          onChange={(severity) => set({ severity })}
        />
      </Field>
      <Field id="alarm-filter-state" label={t('alarms.filters.state')}>
        <Choice
          id="alarm-filter-state"
          value={draft.state}
          values={ALARM_STATES}
          label={labels.state}
          onChange={(state) => set({ state })}
        />
      </Field>
      <Field id="alarm-filter-ack" label={t('alarms.filters.ack')}>
        <Choice
          id="alarm-filter-ack"
          value={draft.ack}
          values={ALARM_ACK_FILTERS}
          label={(a) => t(`alarms.ack.${a}`)}
          onChange={(ack) => set({ ack })}
        />
      </Field>
      <Field id="alarm-filter-group" label={t('alarms.filters.group')}>
        <Choice
          id="alarm-filter-group"
          value={draft.group}
          values={ALARM_GROUPS}
          label={labels.group}
          onChange={(group) => set({ group })}
        />
      </Field>
      <Field id="alarm-filter-q" label={t('alarms.filters.q')}>
        <Input
          id="alarm-filter-q"
          allowClear
          maxLength={64}
          style={{ width: 220 }}
          placeholder={t('alarms.filters.qPlaceholder')}
          data-testid="alarm-filter-q"
          value={draft.q ?? ''}
          onChange={(e) => set({ q: e.target.value })}
        />
      </Field>
      <Button type="primary" htmlType="submit" data-testid="alarm-search">
        {t('common.search')}
      </Button>
      <Button data-testid="alarm-reset" onClick={() => onSubmit({})}>
        {t('common.reset')}
      </Button>
      <HiddenFilters value={value} showPlant={!plantOptions} onSubmit={onSubmit} />
    </form>
  );
}

/**
 * Filters a link can set that the form has no field for (a code, a device without its serial number, a plant without
 * the plant list), each removable.
 */
function HiddenFilters({ value, showPlant, onSubmit }: Omit<Props, 'plants'> & { showPlant: boolean }) {
  const { t } = useTranslation();
  const chips = [
    value.code && { key: 'code' as const, text: t('alarms.filters.code', { code: value.code }) },
    showPlant && value.plantId && { key: 'plantId' as const, text: t('alarms.filters.plantId', { id: value.plantId }) },
    !value.sn &&
      value.deviceId && { key: 'deviceId' as const, text: t('alarms.filters.deviceId', { id: value.deviceId }) },
  ].filter((chip) => !!chip);
  if (chips.length === 0) return null;
  return (
    <span className="alarm-hidden-filters" data-testid="alarm-hidden-filters">
      {chips.map((chip) => (
        <Tag key={chip.key} closable onClose={() => onSubmit({ ...value, [chip.key]: undefined })}>
          {chip.text}
        </Tag>
      ))}
    </span>
  );
}
