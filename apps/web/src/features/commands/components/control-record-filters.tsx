import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMMAND_KINDS, COMMAND_STATUSES, type CommandKind, type CommandStatus } from '@voltfleet/domain';
import { kindLabel } from './command-labels';

export interface ControlRecordFilter {
  sn?: string;
  kind?: CommandKind;
  status?: CommandStatus;
  user?: string;
  from?: string;
  to?: string;
}

/** Device serial number, command type, status, sending user and a range of days. */
export function ControlRecordFilters({ onChange }: { onChange: (filter: ControlRecordFilter) => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<ControlRecordFilter>({});
  const set = (next: Partial<ControlRecordFilter>) => setV((old) => ({ ...old, ...next }));
  const text = (value: string) => value.trim() || undefined;

  return (
    <form
      className="filter-bar"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...v, sn: text(v.sn ?? ''), user: text(v.user ?? '') });
      }}
    >
      <label className="filter-field">
        {t('commands.columns.object')}
        <input data-testid="records-sn" value={v.sn ?? ''} onChange={(e) => set({ sn: e.target.value })} />
      </label>
      <label className="filter-field">
        {t('commands.columns.type')}
        <select
          className="native-select"
          data-testid="records-kind"
          value={v.kind ?? ''}
          onChange={(e) => set({ kind: (e.target.value || undefined) as CommandKind | undefined })}
        >
          <option value="">{t('commands.all')}</option>
          {COMMAND_KINDS.map((k) => (
            <option key={k} value={k}>
              {kindLabel(k)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter-field">
        {t('commands.columns.status')}
        <select
          className="native-select"
          data-testid="records-status"
          value={v.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as CommandStatus | undefined })}
        >
          <option value="">{t('commands.all')}</option>
          {COMMAND_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`commands.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter-field">
        {t('commands.columns.user')}
        <input value={v.user ?? ''} onChange={(e) => set({ user: e.target.value })} />
      </label>
      <label className="filter-field">
        {t('commands.from')}
        <input type="date" value={v.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
      </label>
      <label className="filter-field">
        {t('commands.to')}
        <input type="date" value={v.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      </label>
      <Button htmlType="submit" data-testid="records-search">
        {t('commands.search')}
      </Button>
    </form>
  );
}
