import { useTranslation } from 'react-i18next';
import {
  MESSAGE_KINDS,
  MESSAGE_READ_FILTERS,
  type MessageKind,
  type MessageReadFilter,
} from '@voltfleet/domain/notices';

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
      <label className="filter-field">
        {t('inbox.kind')}
        <select
          className="native-select"
          data-testid="messages-kind"
          value={value.kind ?? ''}
          onChange={(e) => set({ kind: (e.target.value || undefined) as MessageKind | undefined })}
        >
          <option value="">{t('inbox.allKinds')}</option>
          {MESSAGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`inbox.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter-field">
        {t('inbox.readState')}
        <select
          className="native-select"
          data-testid="messages-read"
          value={value.read ?? ''}
          onChange={(e) => set({ read: (e.target.value || undefined) as MessageReadFilter | undefined })}
        >
          <option value="">{t('inbox.allStates')}</option>
          {MESSAGE_READ_FILTERS.map((r) => (
            <option key={r} value={r}>
              {t(`inbox.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter-field">
        {t('inbox.from')}
        <input
          type="date"
          data-testid="messages-from"
          value={value.fromDay ?? ''}
          onChange={(e) => set({ fromDay: e.target.value || undefined })}
        />
      </label>
      <label className="filter-field">
        {t('inbox.to')}
        <input
          type="date"
          data-testid="messages-to"
          value={value.toDay ?? ''}
          onChange={(e) => set({ toDay: e.target.value || undefined })}
        />
      </label>
    </div>
  );
}
