import { useState, type ReactNode } from 'react';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPERATION_CATEGORIES, type OperationCategory } from '@voltfleet/domain';
import { DateRangeField } from './date-range-field';
import type { DateRange } from './date-range-picker';

export interface OperationFilter {
  category?: OperationCategory;
  username?: string;
  from?: string;
  to?: string;
}

interface Values {
  category?: OperationCategory;
  username?: string;
  range?: DateRange;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/**
 * Category, user and date range; whole days in the browser's time zone. A plain form: nothing here is validated,
 * so Ant Design's Form (and its validation engine) stays out of the page.
 */
export function OperationFilters({ onChange }: { onChange: (filter: OperationFilter) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({});
  const set = (next: Partial<Values>) => setValues((v) => ({ ...v, ...next }));

  const apply = ({ category, username, range }: Values) =>
    onChange({
      category,
      username: username?.trim() || undefined,
      from: range?.[0]?.startOf('day').toISOString(),
      to: range?.[1]?.endOf('day').toISOString(),
    });

  return (
    <form
      className="filter-bar"
      onSubmit={(event) => {
        event.preventDefault();
        apply(values);
      }}
    >
      <Field id="records-category" label={t('records.category')}>
        {/* A native select: Ant Design's Select (and its virtual list) would be a fifth of the page. */}
        <select
          id="records-category"
          className="native-select"
          style={{ width: 160 }}
          value={values.category ?? ''}
          onChange={(event) => set({ category: (event.target.value || undefined) as OperationCategory | undefined })}
          data-testid="records-category"
        >
          <option value="">{t('records.allCategories')}</option>
          {OPERATION_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`records.categories.${c}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="records-username" label={t('records.user')}>
        <Input
          id="records-username"
          allowClear
          style={{ width: 160 }}
          value={values.username ?? ''}
          onChange={(event) => set({ username: event.target.value })}
          data-testid="records-username"
        />
      </Field>
      <Field id="records-range" label={t('records.dateRange')}>
        <DateRangeField id="records-range" value={values.range} onChange={(range) => set({ range })} />
      </Field>
      <Button type="primary" htmlType="submit" data-testid="records-search">
        {t('common.search')}
      </Button>
      <Button
        onClick={() => {
          setValues({});
          apply({});
        }}
      >
        {t('common.reset')}
      </Button>
    </form>
  );
}
