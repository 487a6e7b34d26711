import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_PROTOCOL_NAMES, type CommandDevice } from '@voltfleet/domain/commands';
import { PhoneCards } from '@/components/phone-cards';
import { StatusTag } from '@/components/status-tag';
import type { PagerConfig } from '@/lib/paging';

interface Props {
  rows: readonly CommandDevice[];
  chosen: ReadonlySet<number>;
  loading: boolean;
  pagination: PagerConfig;
  onToggle: (device: CommandDevice, on: boolean) => void;
}

const STATUS_TONES = { online: 'success', alarm: 'error', offline: 'default' } as const;

/**
 * The device picker's devices on a phone: a compact card each (model, plant and protocol on one line), ticked by its
 * serial number (the whole heading is the box).
 */
export function DevicePickCards({ rows, chosen, loading, pagination, onToggle }: Props) {
  const { t } = useTranslation();
  return (
    <PhoneCards
      data-testid="command-devices"
      cardTestId={(id) => `command-device-row-${rows.find((d) => d.id === id)?.sn ?? id}`}
      loading={loading}
      pagination={pagination}
      cards={rows.map((d) => ({
        key: d.id,
        title: (
          <Checkbox
            className="phone-card-check"
            data-testid={`command-device-${d.sn}`}
            checked={chosen.has(d.id)}
            onChange={(e) => onToggle(d, e.target.checked)}
          >
            {d.sn}
          </Checkbox>
        ),
        extra: <StatusTag tone={STATUS_TONES[d.runningStatus]}>{t(`devices.status.${d.runningStatus}`)}</StatusTag>,
        summary: [d.model, d.plantName ?? '—', DEVICE_PROTOCOL_NAMES[d.protocol]].join(' · '),
      }))}
    />
  );
}
