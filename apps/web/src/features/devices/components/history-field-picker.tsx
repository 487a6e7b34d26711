import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FIELD_GROUP_NAMES,
  FIELD_GROUPS,
  FIELDS_BY_GROUP,
  HISTORY_MAX_FIELDS,
  ROLLUP_HISTORY_FIELDS,
  isHistoryField,
} from '@voltfleet/domain/telemetry';
import { message } from '@/lib/i18n';

interface Props {
  value: readonly string[];
  /** Long ranges read rollups: only power and daily energy fields can be picked then. */
  rollupsOnly: boolean;
  onChange: (fields: string[]) => void;
  /** A ninth pick: the page says why it was refused. */
  onTooMany: () => void;
}

/** Picks up to 8 curve parameters from the field catalogue, grouped as on the real-time tab. */
export function HistoryFieldPicker({ value, rollupsOnly, onChange, onTooMany }: Props) {
  const { t } = useTranslation();
  const options = FIELD_GROUPS.map((group) => ({
    label: message(FIELD_GROUP_NAMES[group]),
    title: message(FIELD_GROUP_NAMES[group]),
    options: FIELDS_BY_GROUP[group]
      .filter((f) => isHistoryField(f.key))
      .map((f) => ({
        value: f.key,
        label: f.unit && f.unit !== 'currency' ? `${message(f.label)} (${f.unit})` : message(f.label),
        disabled: rollupsOnly && !(f.key in ROLLUP_HISTORY_FIELDS),
      })),
  })).filter((group) => group.options.length > 0);

  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('deviceDetail.history.parameters')}
      placeholder={t('deviceDetail.history.placeholder')}
      style={{ minWidth: 320, flex: 1 }}
      data-testid="history-fields"
      value={[...value]}
      options={options}
      onChange={(next) => (next.length > HISTORY_MAX_FIELDS ? onTooMany() : onChange(next))}
    />
  );
}
