import { useState } from 'react';
import { Alert, Input, Radio, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEBUG_HIDDEN_REASONS, type DebugDevice, type DebugDeviceList } from '@voltfleet/domain/commands';
import { FirmwareVersion } from '@/components/firmware-version';
import { useDebugDevices } from '../api/search-debug-devices';

/** "3 devices are not shown: 2 offline, 1 speaks MQTT only", or null when none is left out. */
export function hiddenText(hidden: DebugDeviceList['hidden'], t: TFunction): string | null {
  const total = DEBUG_HIDDEN_REASONS.reduce((sum, reason) => sum + hidden[reason], 0);
  if (total === 0) return null;
  const parts = DEBUG_HIDDEN_REASONS.filter((reason) => hidden[reason] > 0).map((reason) =>
    // `n` for the forms the same at every number ("2 offline"), `count` where a language's grammar changes.
    t(`commandPicker.debug.hidden.${reason}`, { count: hidden[reason], n: hidden[reason] }),
  );
  return t('commandPicker.debug.hidden.lead', {
    count: total,
    reasons: parts.join(t('commandPicker.debug.hidden.separator')),
  });
}

interface Props {
  selected: DebugDevice | null;
  onSelect: (device: DebugDevice) => void;
}

/**
 * Search an inverter in scope by serial number and pick one. Only inverters the page can talk to are listed
 * (connected to the OSIM gateway now); the others matching the search are counted by why they are missing.
 */
export function DebugDevicePicker({ selected, onSelect }: Props) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useDebugDevices(q.trim());
  const devices = found.data?.items ?? [];
  const missing = found.data ? hiddenText(found.data.hidden, t) : null;
  const more = found.data ? found.data.total - devices.length : 0;
  return (
    <div className="device-picker" data-testid="debug-device-picker">
      <Input
        allowClear
        placeholder={t('onlineDebug.searchSn')}
        aria-label={t('onlineDebug.searchSn')}
        style={{ maxWidth: 280, marginBottom: 12 }}
        data-testid="debug-device-search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {found.data && devices.length === 0 ? (
        <Typography.Paragraph data-testid="debug-no-device">
          {t('commandPicker.debug.noConnected')}
        </Typography.Paragraph>
      ) : null}
      <Radio.Group
        value={selected?.id}
        onChange={(e) => {
          const device = devices.find((d) => d.id === e.target.value);
          if (device) onSelect(device);
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      >
        {devices.map((d) => (
          <Radio key={d.id} value={d.id} data-testid={`debug-device-${d.sn}`}>
            {`${d.sn} · ${d.model}${d.plantName ? ` · ${d.plantName}` : ''} · `}
            {t('onlineDebug.connected')} · <FirmwareVersion component="PCU" version={d.pcuVersion} />
          </Radio>
        ))}
      </Radio.Group>
      {more > 0 ? (
        <Typography.Paragraph type="secondary" data-testid="debug-more">
          {t('commandPicker.debug.more', { count: more })}
        </Typography.Paragraph>
      ) : null}
      {missing ? (
        <Alert type="info" showIcon data-testid="debug-hidden" title={missing} style={{ marginTop: 8 }} />
      ) : null}
    </div>
  );
}
