import { useState } from 'react';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  OPERATION_CATEGORIES,
  OPERATION_CATEGORY_NAMES,
  RECORD_FILTER_WORDS,
  RECORD_OBJECT_FILTERS,
  operationQuerySchema,
  recordObjectNoun,
  type OperationCategory,
  type OperationFilter,
  type RecordObjectFilter,
  type RecordUser,
} from '@voltfleet/domain/records';
import { DateRangeField } from '@/components/date-range-field';
import { FilterSelect } from '@/components/filter-select';
import { FilterField } from '@/components/record-filter-parts';
import { UserSelect } from '@/components/record-filter-parts';
import { localiseIssues, message } from '@/lib/i18n';
import { labelOf } from '@/lib/labels';

export type OperationFilterValue = Partial<OperationFilter>;

interface Props {
  value: OperationFilterValue;
  users: readonly RecordUser[];
  onSubmit: (filter: OperationFilterValue) => void;
}

/**
 * User, category, object (kind and name or id), client address and a range of whole days in the browser's zone.
 * A plain form: nothing but the address needs checking (by the server's own rule, so the words match), so Ant
 * Design's Form (and its validation engine) stays out of the page; its Select is the filters' list, as everywhere.
 */
export function OperationFilters({ value, users, onSubmit }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<OperationFilterValue>(value);
  const [ipError, setIpError] = useState<string>();
  const set = (next: OperationFilterValue) => setValues((v) => ({ ...v, ...next }));
  const words = RECORD_FILTER_WORDS;

  const submit = (next: OperationFilterValue) => {
    const object = next.object?.trim() || undefined;
    const ip = next.ip?.trim() || undefined;
    const checked = ip === undefined ? undefined : operationQuerySchema.shape.ip.safeParse(ip);
    if (checked && !checked.success) {
      setIpError(localiseIssues(checked.error.issues)[0]?.message ?? message('records.ip'));
      return;
    }
    setIpError(undefined);
    onSubmit({ ...next, object, ip, username: next.username?.trim() || undefined });
  };

  return (
    <form
      className="filter-bar"
      onSubmit={(event) => {
        event.preventDefault();
        submit(values);
      }}
    >
      <FilterField id="records-user" label={message(words.user)}>
        <UserSelect
          id="records-user"
          users={users}
          value={values.userId}
          onChange={(userId) => set({ userId, username: undefined })}
        />
      </FilterField>
      <FilterField id="records-category" label={message(words.category)}>
        <FilterSelect<OperationCategory>
          id="records-category"
          value={values.category}
          allLabel={message(words.allCategories)}
          options={OPERATION_CATEGORIES.map((c) => ({ value: c, label: message(OPERATION_CATEGORY_NAMES[c]) }))}
          onChange={(category) => set({ category })}
        />
      </FilterField>
      <FilterField id="records-object-type" label={message(words.objectType)}>
        <FilterSelect<RecordObjectFilter>
          id="records-object-type"
          width={150}
          value={values.objectType}
          allLabel={message(words.allObjectTypes)}
          options={RECORD_OBJECT_FILTERS.map((type) => ({
            value: type,
            label: labelOf(recordObjectNoun(type)) ?? type,
          }))}
          onChange={(objectType) => set({ objectType })}
        />
      </FilterField>
      <FilterField id="records-object" label={message(words.object)}>
        <Input
          id="records-object"
          allowClear
          maxLength={64}
          style={{ width: 170 }}
          value={values.object ?? ''}
          onChange={(event) => set({ object: event.target.value })}
          data-testid="records-object"
        />
      </FilterField>
      <FilterField id="records-ip" label={message(words.ip)}>
        <Input
          id="records-ip"
          allowClear
          maxLength={45}
          style={{ width: 160 }}
          status={ipError ? 'error' : undefined}
          aria-invalid={ipError ? true : undefined}
          aria-describedby={ipError ? 'records-ip-error' : undefined}
          value={values.ip ?? ''}
          onChange={(event) => set({ ip: event.target.value })}
          data-testid="records-ip"
        />
        {ipError && (
          <div id="records-ip-error" className="filter-error" role="alert">
            {ipError}
          </div>
        )}
      </FilterField>
      <FilterField id="records-range" label={message(words.timeRange)}>
        <DateRangeField
          id="records-range"
          value={values.from && values.to ? [values.from, values.to] : undefined}
          onChange={(range) => set({ from: range?.[0], to: range?.[1] })}
        />
      </FilterField>
      <Button type="primary" htmlType="submit" data-testid="records-search">
        {t('common.search')}
      </Button>
      <Button
        onClick={() => {
          setValues({});
          submit({});
        }}
      >
        {t('common.reset')}
      </Button>
    </form>
  );
}
