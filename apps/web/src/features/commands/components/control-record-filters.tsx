import { useState } from 'react';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COMMAND_CATEGORIES,
  COMMAND_KINDS,
  COMMAND_STATUSES,
  type CommandCategory,
  type CommandKind,
  type CommandStatus,
} from '@voltfleet/domain/commands';
import {
  CONTROL_OBJECT_FILTERS,
  RECORD_FILTER_WORDS,
  controlRecordQuerySchema,
  recordObjectNoun,
  type ControlObjectFilter,
  type ControlRecordFilter,
  type RecordUser,
} from '@voltfleet/domain/records';
import { DateRangeField } from '@/components/date-range-field';
import { FilterSelect } from '@/components/filter-select';
import { FilterField, UserSelect } from '@/components/record-filter-parts';
import { categoryLabel, kindLabel, statusLabel } from './command-labels';
import { localiseIssues, message } from '@/lib/i18n';
import { labelOf } from '@/lib/labels';

export type ControlFilterValue = Partial<ControlRecordFilter>;

interface Props {
  value: ControlFilterValue;
  users: readonly RecordUser[];
  onSubmit: (filter: ControlFilterValue) => void;
}

/**
 * The sending user, category, command type, status, the object (device by serial number or id, or its plant by
 * name or id), the client address and a range of whole days in the browser's zone.
 */
export function ControlRecordFilters({ value, users, onSubmit }: Props) {
  const { t } = useTranslation();
  const [v, setV] = useState<ControlFilterValue>(value);
  const [ipError, setIpError] = useState<string>();
  const set = (next: ControlFilterValue) => setV((old) => ({ ...old, ...next }));
  const words = RECORD_FILTER_WORDS;

  const submit = (next: ControlFilterValue) => {
    const ip = next.ip?.trim() || undefined;
    const checked = ip === undefined ? undefined : controlRecordQuerySchema.shape.ip.safeParse(ip);
    if (checked && !checked.success) {
      setIpError(localiseIssues(checked.error.issues)[0]?.message ?? message('records.ip'));
      return;
    }
    setIpError(undefined);
    onSubmit({ ...next, ip, object: next.object?.trim() || undefined, user: next.user?.trim() || undefined });
  };

  const select = <T extends string>(
    id: string,
    label: string,
    all: string,
    options: readonly T[],
    name: (o: T) => string,
    current: T | undefined,
    onChange: (o: T | undefined) => void,
  ) => (
    <FilterField id={id} label={label}>
      <FilterSelect<T>
        id={id}
        value={current}
        allLabel={all}
        options={options.map((o) => ({ value: o, label: name(o) }))}
        onChange={onChange}
      />
    </FilterField>
  );

  return (
    <form
      className="filter-bar"
      onSubmit={(e) => {
        e.preventDefault();
        submit(v);
      }}
    >
      <FilterField id="records-user" label={message(words.user)}>
        <UserSelect
          id="records-user"
          users={users}
          value={v.userId}
          onChange={(userId) => set({ userId, user: undefined })}
        />
      </FilterField>
      {select<CommandCategory>(
        'records-category',
        message(words.category),
        message(words.allCategories),
        COMMAND_CATEGORIES,
        categoryLabel,
        v.category,
        (category) => set({ category }),
      )}
      {select<CommandKind>(
        'records-kind',
        t('commands.columns.type'),
        t('commands.all'),
        COMMAND_KINDS,
        kindLabel,
        v.kind,
        (kind) => set({ kind }),
      )}
      {select<CommandStatus>(
        'records-status',
        t('commands.columns.status'),
        t('commands.all'),
        COMMAND_STATUSES,
        statusLabel,
        v.status,
        (status) => set({ status }),
      )}
      {select<ControlObjectFilter>(
        'records-object-type',
        message(words.objectType),
        message(words.allObjectTypes),
        CONTROL_OBJECT_FILTERS,
        (o) => labelOf(recordObjectNoun(o)) ?? o,
        v.objectType,
        (objectType) => set({ objectType }),
      )}
      <FilterField id="records-object" label={message(words.object)}>
        <Input
          id="records-object"
          allowClear
          maxLength={64}
          style={{ width: 170 }}
          data-testid="records-object"
          value={v.object ?? ''}
          onChange={(e) => set({ object: e.target.value })}
        />
      </FilterField>
      <FilterField id="records-ip" label={message(words.ip)}>
        <Input
          id="records-ip"
          allowClear
          maxLength={45}
          style={{ width: 160 }}
          status={ipError ? 'error' : undefined}
          data-testid="records-ip"
          aria-invalid={ipError ? true : undefined}
          aria-describedby={ipError ? 'records-ip-error' : undefined}
          value={v.ip ?? ''}
          onChange={(e) => set({ ip: e.target.value })}
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
          value={v.from && v.to ? [v.from, v.to] : undefined}
          onChange={(range) => set({ from: range?.[0], to: range?.[1] })}
        />
      </FilterField>
      <Button htmlType="submit" type="primary" data-testid="records-search">
        {t('commands.search')}
      </Button>
      <Button
        onClick={() => {
          setV({});
          submit({});
        }}
      >
        {t('common.reset')}
      </Button>
    </form>
  );
}
