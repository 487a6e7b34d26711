import { useTranslation } from 'react-i18next';
import {
  MESSAGE_KINDS,
  MESSAGE_READ_FILTERS,
  type MessageKind,
  type MessageReadFilter,
} from '@voltfleet/domain/notices';
import { DayPicker } from '@/components/day-picker';
import { FilterSelect } from '@/components/filter-select';

export interface MessageFilterValues {
  kind?: MessageKind | undefined;
  read?: MessageReadFilter | undefined;
  /** Calendar days "YYYY-MM-DD" in the browser's zone, both inclusive. */
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

/** The days as the API's instants: from the first day's start to the end of the last (the next day's start). */
export function dayRange(v: MessageFilterValues): { from?: string; to?: string } {
  const start = (day: string) => new Date(`${day}T00:00:00`);
  const range: { from?: string; to?: string } = {};
  if (v.fromDay) range.from = start(v.fromDay).toISOString();
  if (v.toDay) {
    const end = start(v.toDay);
    end.setDate(end.getDate() + 1);
    range.to = end.toISOString();
  }
  return range;
}

/** Kind, read state and a range of days; each change applies at once. */
export function MessageFilters({
  value,
  onChange,
}: {
  value: MessageFilterValues;
  onChange: (next: MessageFilterValues) => void;
}) {
  const { t } = useTranslation();
  const set = (next: Partial<MessageFilterValues>) => onChange({ ...value, ...next });
  return (
    <div className="filter-bar">
      <div className="filter-field">
        <label htmlFor="messages-kind">{t('inbox.kind')}</label>
        <FilterSelect<MessageKind>
          id="messages-kind"
          value={value.kind}
          allLabel={t('inbox.allKinds')}
          options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`inbox.kinds.${k}`) }))}
          onChange={(kind) => set({ kind })}
        />
      </div>
      <div className="filter-field">
        <label htmlFor="messages-read">{t('inbox.readState')}</label>
        <FilterSelect<MessageReadFilter>
          id="messages-read"
          width={130}
          value={value.read}
          allLabel={t('inbox.allStates')}
          options={MESSAGE_READ_FILTERS.map((r) => ({ value: r, label: t(`inbox.${r}`) }))}
          onChange={(read) => set({ read })}
        />
      </div>
      <div className="filter-field">
        <label htmlFor="messages-from">{t('inbox.from')}</label>
        <DayPicker
          id="messages-from"
          value={value.fromDay}
          max={value.toDay}
          onChange={(fromDay) => set({ fromDay })}
        />
      </div>
      <div className="filter-field">
        <label htmlFor="messages-to">{t('inbox.to')}</label>
        <DayPicker id="messages-to" value={value.toDay} min={value.fromDay} onChange={(toDay) => set({ toDay })} />
      </div>
    </div>
  );
}
