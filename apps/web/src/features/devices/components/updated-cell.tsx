import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceListItem } from '@voltfleet/domain/device-list';
import { formatPlantTime } from '@/lib/format';
import { relativeTime } from './live-format';
import { LiveValue } from './live-value';

/**
 * When the device last reported, as "2 minutes ago"; hovering shows the time in the plant's own time zone with
 * its UTC offset. `nowMs` ticks in the page so the text stays true between readings.
 */
export function UpdatedCell({ device, nowMs }: { device: DeviceListItem; nowMs: number }) {
  const { t, i18n } = useTranslation();
  const at = device.latest?.ts ?? device.lastReadingAt;
  if (!at) return <span data-testid={`device-updated-${device.sn}`}>—</span>;
  const local = formatPlantTime(at, device.plantTimeZone);
  const where = device.plantTimeZone ? t('devices.plantTime', { time: local }) : local;
  return (
    <Tooltip title={where}>
      <time dateTime={at}>
        <LiveValue value={at} testId={`device-updated-${device.sn}`} data-ts={at}>
          {relativeTime(at, nowMs, i18n.language)}
        </LiveValue>
      </time>
    </Tooltip>
  );
}
