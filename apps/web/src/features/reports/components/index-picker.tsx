import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_GROUP_NAMES, FIELD_GROUPS, FIELDS_BY_GROUP, isHistoryField } from '@voltfleet/domain/telemetry';
import { REPORT_MAX_INDICES, reportIndexName } from '@voltfleet/domain/reports';
import { message } from '@/lib/i18n';

interface Props {
  value?: string[];
  onChange?: (indices: string[]) => void;
  /** A ninth pick: the caller says why it was refused. */
  onTooMany: () => void;
  'data-testid'?: string;
}

/** Up to 8 indices from the field catalogue (fields with a history curve), grouped as on a device's real-time tab. */
export function IndexPicker({ value = [], onChange, onTooMany, ...rest }: Props) {
  const { t } = useTranslation();
  const options = FIELD_GROUPS.map((group) => ({
    label: message(FIELD_GROUP_NAMES[group]),
    title: message(FIELD_GROUP_NAMES[group]),
    options: FIELDS_BY_GROUP[group]
      .filter((f) => isHistoryField(f.key))
      .map((f) => ({
        value: f.key,
        label: reportIndexName(f.key, message),
      })),
  })).filter((group) => group.options.length > 0);
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('reports.indicesPlaceholder', { max: REPORT_MAX_INDICES })}
      style={{ minWidth: 320, width: '100%' }}
      data-testid={rest['data-testid']}
      value={value}
      options={options}
      onChange={(next) => (next.length > REPORT_MAX_INDICES ? onTooMany() : onChange?.(next))}
    />
  );
}
