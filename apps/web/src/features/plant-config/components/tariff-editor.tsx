import { useState } from 'react';
import { Alert, Button, DatePicker, Flex, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TARIFF_MAX_PERIODS, type TariffPeriod } from '@voltfleet/domain/tariffs';
import { ApiError } from '@/lib/http';
import { notifySuccess } from '@/lib/success';
import { useSaveTariffVersion } from '../api/save-tariff-version';
import { draftErrors, nextRow, planMessages, rowsFrom, serverErrors, type DraftErrors } from '../utils/tariff-draft';
import { TariffPeriodRow } from './tariff-period-row';

interface Props {
  plantId: number;
  /** The plant's local date today: the earliest effective date. */
  today: string;
  currency: string;
  /** The periods the editor starts from (the current version), if any. */
  initial: readonly TariffPeriod[] | undefined;
}

/** A new tariff version: effective date and up to 10 periods, checked with the domain's rules before saving. */
export function TariffEditor({ plantId, today, currency, initial }: Props) {
  const { t } = useTranslation();
  const save = useSaveTariffVersion(plantId);
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(today);
  const [rows, setRows] = useState(() => rowsFrom(initial));
  const [nextKey, setNextKey] = useState(rows.length);
  const [errors, setErrors] = useState<DraftErrors>({});

  const submit = async () => {
    const local = draftErrors(effectiveFrom, rows, today);
    setErrors(local);
    if (Object.keys(local).length > 0 || !effectiveFrom) return;
    try {
      await save.mutateAsync({ effectiveFrom, periods: rows.map(({ key: _key, ...period }) => period) });
      notifySuccess('success.saved');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.issues.length > 0 ? serverErrors(error.issues) : { periods: error.message });
    }
  };

  const plan = planMessages(errors);
  return (
    <Form layout="vertical" className="tariff-editor" data-testid="tariff-editor">
      <Form.Item
        label={t('plantConfig.effectiveFrom')}
        {...(errors.effectiveFrom ? { validateStatus: 'error' as const, help: errors.effectiveFrom } : {})}
      >
        <DatePicker
          value={effectiveFrom ? dayjs(effectiveFrom) : null}
          disabledDate={(d) => d.format('YYYY-MM-DD') < today}
          onChange={(d) => setEffectiveFrom(d ? d.format('YYYY-MM-DD') : null)}
          data-testid="tariff-effective-from"
        />
      </Form.Item>
      <div className="tariff-hint">{t('plantConfig.periodsHint', { currency, count: TARIFF_MAX_PERIODS })}</div>
      {rows.map((row, index) => (
        <TariffPeriodRow
          key={row.key}
          row={row}
          index={index}
          errors={errors}
          canRemove={rows.length > 1}
          onChange={(changed) => setRows(rows.map((r) => (r.key === row.key ? changed : r)))}
          onRemove={() => setRows(rows.filter((r) => r.key !== row.key))}
        />
      ))}
      {plan.length > 0 && (
        <Alert type="error" showIcon title={plan.join(' · ')} data-testid="tariff-errors" className="tariff-alert" />
      )}
      <Flex gap={8}>
        <Button
          icon={<PlusOutlined />}
          disabled={rows.length >= TARIFF_MAX_PERIODS}
          onClick={() => {
            setRows([...rows, nextRow(rows, nextKey)]);
            setNextKey(nextKey + 1);
          }}
          data-testid="tariff-add-period"
        >
          {t('plantConfig.addPeriod')}
        </Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="tariff-save">
          {t('plantConfig.saveTariff')}
        </Button>
      </Flex>
    </Form>
  );
}
