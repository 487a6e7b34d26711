import { Button, Form, InputNumber, Select, TimePicker } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TARIFF_PRICE_MAX } from '@voltfleet/domain/tariffs';
import { TARIFF_TYPES } from '@voltfleet/domain/plants';
import { hhmmOf, timeOfDay } from '@/lib/time-of-day';
import type { DraftErrors, PeriodRow } from '../utils/tariff-draft';
// Its styles come with it: the command page shows the row outside the plant configuration page.
import './plant-config.css';
import { message } from '@/lib/i18n';

interface Props {
  row: PeriodRow;
  index: number;
  errors: DraftErrors;
  canRemove: boolean;
  onChange: (row: PeriodRow) => void;
  onRemove: () => void;
}

/** One period of the day plan: type, start and end time, price; each field shows its own rule message. */
export function TariffPeriodRow({ row, index, errors, canRemove, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const status = (field: string) => {
    const help = errors[`periods.${index}.${field}`];
    return help ? { validateStatus: 'error' as const, help } : {};
  };
  return (
    <div className="tariff-row" data-testid={`tariff-row-${index}`}>
      <Form.Item label={t('plantConfig.type')} {...status('type')}>
        <Select
          value={row.type ?? undefined}
          placeholder={t('plantConfig.selectType')}
          options={TARIFF_TYPES.map((o) => ({ value: o.value, label: message(o.label) }))}
          onChange={(type: number) => onChange({ ...row, type })}
          data-testid="tariff-type"
          style={{ width: 170 }}
        />
      </Form.Item>
      <Form.Item label={t('plantConfig.start')} {...status('start')}>
        <TimePicker
          format="HH:mm"
          needConfirm={false}
          value={timeOfDay(row.start)}
          onChange={(v) => onChange({ ...row, start: hhmmOf(v) })}
          data-testid="tariff-start"
        />
      </Form.Item>
      <Form.Item label={t('plantConfig.end')} {...status('end')}>
        <TimePicker
          format="HH:mm"
          needConfirm={false}
          value={timeOfDay(row.end)}
          onChange={(v) => onChange({ ...row, end: hhmmOf(v) })}
          data-testid="tariff-end"
        />
      </Form.Item>
      <Form.Item label={t('plantConfig.price')} {...status('price')}>
        <InputNumber
          value={row.price ?? null}
          min={0}
          max={TARIFF_PRICE_MAX}
          step={0.01}
          onChange={(price) => onChange({ ...row, price: typeof price === 'number' ? price : null })}
          data-testid="tariff-price"
        />
      </Form.Item>
      <Button
        icon={<DeleteOutlined />}
        aria-label={t('common.delete')}
        disabled={!canRemove}
        onClick={onRemove}
        data-testid="tariff-remove"
      />
    </div>
  );
}
