import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandDevice } from '@voltfleet/domain';
import { StatusTag } from '@/components/status-tag';
import { useCommandDevices } from '../api/search-command-devices';

interface Props {
  selected: readonly CommandDevice[];
  onChange: (devices: CommandDevice[]) => void;
}

/** Search inverters in scope by serial number and tick them; the selection survives new searches. */
export function DevicePicker({ selected, onChange }: Props) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useCommandDevices(q.trim());
  const chosen = new Set(selected.map((d) => d.id));
  const toggle = (device: CommandDevice) =>
    onChange(chosen.has(device.id) ? selected.filter((d) => d.id !== device.id) : [...selected, device]);

  return (
    <div className="device-picker">
      <label className="filter-field">
        {t('commands.searchSn')}
        <input data-testid="command-device-search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      <ul>
        {(found.data ?? []).map((d) => (
          <li key={d.id}>
            <label>
              <input
                type="checkbox"
                data-testid={`command-device-${d.sn}`}
                checked={chosen.has(d.id)}
                onChange={() => toggle(d)}
              />{' '}
              {d.sn} · {d.model}
              {d.plantName ? ` · ${d.plantName}` : ''}{' '}
              <StatusTag tone={d.online ? 'success' : 'default'}>
                {t(d.online ? 'commands.online' : 'commands.offline')}
              </StatusTag>
            </label>
          </li>
        ))}
      </ul>
      <div>{t('commands.selected', { count: selected.length })}</div>
    </div>
  );
}
