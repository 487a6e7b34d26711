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

/** A native select of one filter's values with "all" first (Ant Design's Select would weigh more than the page). */
function Choice<T extends string>(props: {
  id: string;
  value: T | undefined;
  values: readonly T[];
  label: (value: T) => string;
  onChange: (value: T | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <select
      id={props.id}
      className="native-select"
      data-testid={props.id}
      value={props.value ?? ''}
      onChange={(e) => props.onChange((e.target.value || undefined) as T | undefined)}
    >
      <option value="">{t('alarms.filters.all')}</option>
      {props.values.map((v) => (
        <option key={v} value={v}>
          {props.label(v)}
        </option>
      ))}
    </select>
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
        <input
          id="alarm-filter-from"
          type="date"
          className="alarm-date"
          data-testid="alarm-filter-from"
          value={draft.from ?? ''}
          max={draft.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </Field>
      <Field id="alarm-filter-to" label={t('alarms.filters.to')}>
        <input
          id="alarm-filter-to"
          type="date"
          className="alarm-date"
          data-testid="alarm-filter-to"
          value={draft.to ?? ''}
          min={draft.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </Field>
      {plantOptions && (
        <Field id="alarm-filter-plant" label={t('alarms.filters.plant')}>
          <select
            id="alarm-filter-plant"
            className="native-select"
            style={{ maxWidth: 220 }}
            data-testid="alarm-filter-plant"
            value={draft.plantId ?? ''}
            onChange={(e) => set({ plantId: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t('alarms.filters.allPlants')}</option>
            {plantOptions.map((p) => (
              <option key={p.plantId} value={p.plantId}>
                {p.name}
              </option>
            ))}
          </select>
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
