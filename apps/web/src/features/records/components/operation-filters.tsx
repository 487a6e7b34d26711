import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OPERATION_CATEGORIES, type OperationCategory } from '@voltfleet/domain';

export interface OperationFilter {
  category?: OperationCategory;
  username?: string;
  from?: string;
  to?: string;
}

interface Values {
  category?: OperationCategory;
  username?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Category, user and date range; whole days in the browser's time zone. */
export function OperationFilters({ onChange }: { onChange: (filter: OperationFilter) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  const apply = ({ category, username, range }: Values) =>
    onChange({
      category,
      username: username?.trim() || undefined,
      from: range?.[0]?.startOf('day').toISOString(),
      to: range?.[1]?.endOf('day').toISOString(),
    });

  return (
    <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 12 }}>
      <Form.Item name="category" label={t('records.category')}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('records.allCategories')}
          options={OPERATION_CATEGORIES.map((c) => ({ value: c, label: t(`records.categories.${c}`) }))}
          data-testid="records-category"
        />
      </Form.Item>
      <Form.Item name="username" label={t('records.user')}>
        <Input allowClear style={{ width: 160 }} data-testid="records-username" />
      </Form.Item>
      <Form.Item name="range" label={t('records.dateRange')}>
        <DatePicker.RangePicker data-testid="records-range" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="records-search">
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            apply({});
          }}
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
