import type { ComponentType } from 'react';
import { Alert, Button, Flex, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TARIFF_MAX_PERIODS } from '@voltfleet/domain/tariffs';
import { type CommandDevice } from '@voltfleet/domain/commands';
import { appendedRow, planMessages, rowsOf, type PlanErrors, type PlanRow } from '../utils/tariff-plan';
import { PlantTariffButton } from './plant-tariff-button';

/** What a period row gets: the row, its place, the errors by "periods.<row>.<field>" and its changes. */
export interface PeriodRowProps {
  row: PlanRow;
  index: number;
  errors: PlanErrors;
  canRemove: boolean;
  onChange: (row: PlanRow) => void;
  onRemove: () => void;
}

/** The period row of the plant tariff editor, handed in by app/ (features do not import each other). */
export type PeriodRowComponent = ComponentType<PeriodRowProps>;

interface Props {
  rows: readonly PlanRow[];
  errors: PlanErrors;
  devices: readonly CommandDevice[];
  PeriodRow: PeriodRowComponent;
  onChange: (rows: PlanRow[]) => void;
}

/** The day plan to push: up to 10 periods (type, start, end, price), or the plant's tariff loaded in one click. */
export function TariffPeriodsFields({ rows, errors, devices, PeriodRow, onChange }: Props) {
  const { t } = useTranslation();
  const plan = planMessages(errors);
  return (
    <fieldset
      className="tariff-periods"
      data-testid="tariff-periods"
      // Enter commits a typed time or price in its field; it must not also send the command form.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
      }}
    >
      <Form layout="vertical" component={false}>
        <Flex vertical gap={8}>
          <PlantTariffButton devices={devices} onLoad={(periods) => onChange(rowsOf(periods))} />
          <div className="tariff-hint">{t('tariffCommand.hint', { count: TARIFF_MAX_PERIODS })}</div>
        </Flex>
        {rows.map((row, index) => (
          <PeriodRow
            key={row.key}
            row={row}
            index={index}
            errors={errors}
            canRemove={rows.length > 1}
            onChange={(changed) => onChange(rows.map((r) => (r.key === row.key ? changed : r)))}
            onRemove={() => onChange(rows.filter((r) => r.key !== row.key))}
          />
        ))}
        {plan.length > 0 ? (
          <Alert type="error" showIcon title={plan.join(' · ')} data-testid="tariff-errors" className="tariff-alert" />
        ) : null}
        <Button
          icon={<PlusOutlined />}
          disabled={rows.length >= TARIFF_MAX_PERIODS}
          onClick={() => onChange([...rows, appendedRow(rows)])}
          data-testid="tariff-add-period"
        >
          {t('tariffCommand.addPeriod')}
        </Button>
      </Form>
    </fieldset>
  );
}
