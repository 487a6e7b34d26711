import { useMemo, useState } from 'react';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  ON_GRID_TYPES,
  PLANT_TYPES,
  plantInputSchema,
  type PlantAccountOption,
} from '@voltfleet/domain/plants';
import { DayPicker } from '@/components/day-picker';
import { schemaRule } from '@/lib/form-rules';
import { timeZoneOptions } from '../utils/plant-list-view';
import { message } from '@/lib/i18n';

const shape = plantInputSchema.shape;
const rules = Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, [schemaRule(schema)]]));

interface Props {
  accounts: PlantAccountOption[];
  loadingAccounts: boolean;
  /** The zone stored on the plant being edited (kept in the list even when it is not a common one). */
  currentTimeZone: string | undefined;
}

const accountLabel = (a: PlantAccountOption) =>
  a.name && a.name !== a.username ? `${a.name} (${a.username})` : a.username;

/** Every R3.2 field of a plant, each checked by the domain rule the server applies. */
export function PlantFormFields({ accounts, loadingAccounts, currentTimeZone }: Props) {
  const { t } = useTranslation();
  // Offsets as of opening the form (summer or winter time).
  const [openedAt] = useState(() => Date.now());
  const zones = useMemo(
    () =>
      timeZoneOptions(currentTimeZone, openedAt, {
        fixed: t('plantList.timeZoneFixed'),
        daylightSaving: t('plantList.timeZoneDaylightSaving'),
      }),
    [currentTimeZone, openedAt, t],
  );
  const accountOptions = accounts.map((a) => ({ value: a.id, label: accountLabel(a) }));
  const field = (name: keyof typeof shape) => ({ name, label: t(`plantList.fields.${name}`), rules: rules[name] });
  const number = (name: keyof typeof shape, unit?: string) => (
    <Form.Item {...field(name)} required>
      <InputNumber style={{ width: '100%' }} suffix={unit} data-testid={`plant-form-${name}`} />
    </Form.Item>
  );

  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item {...field('name')} required>
          <Input maxLength={64} data-testid="plant-form-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('type')} required>
          <Select
            data-testid="plant-form-type"
            options={PLANT_TYPES.map((o) => ({ value: o.value, label: message(o.label) }))}
          />
        </Form.Item>
      </Col>
      <Col span={12}>{number('powerKw')}</Col>
      <Col span={12}>{number('capacityKwh')}</Col>
      <Col span={12}>
        <Form.Item {...field('longitude')} required>
          <Input inputMode="decimal" placeholder="14.437800" data-testid="plant-form-longitude" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('latitude')} required>
          <Input inputMode="decimal" placeholder="50.075500" data-testid="plant-form-latitude" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item {...field('address')} required>
          <Input maxLength={200} data-testid="plant-form-address" />
        </Form.Item>
      </Col>
      <Col span={12}>{number('azimuthDeg', '°')}</Col>
      <Col span={12}>{number('inclinationDeg', '°')}</Col>
      <Col span={12}>
        <Form.Item {...field('currency')} required>
          <Select data-testid="plant-form-currency" options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('onGridType')} required>
          <Select
            data-testid="plant-form-onGridType"
            options={ON_GRID_TYPES.map((o) => ({ value: o.value, label: message(o.label) }))}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('timeZone')} required>
          <Select data-testid="plant-form-timeZone" options={zones} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('constructionDate')} required>
          <DayPicker testId="plant-form-constructionDate" width="100%" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('ownerId')}>
          <Select
            data-testid="plant-form-ownerId"
            options={accountOptions}
            loading={loadingAccounts}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('affiliatedUserIds')}>
          <Select
            mode="multiple"
            data-testid="plant-form-affiliatedUserIds"
            options={accountOptions}
            loading={loadingAccounts}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
