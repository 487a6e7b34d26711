import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import {
  DEVICE_LIVE_FIELDS,
  POWER_SIGNS,
  type DeviceListItem,
  type DeviceLiveKey,
} from '@voltfleet/domain/device-list';
import { type Lang } from '@voltfleet/domain/i18n';
import type { Column } from '@/components/data-table';
import { formatLiveValue, liveUnit } from './live-format';
import { LiveValue } from './live-value';
import { optionLabel } from '@/lib/labels';

/** Test id stem of each live column: device-pv-<sn>, device-soc-<sn>, … */
const TEST_IDS: Record<DeviceLiveKey, string> = {
  pvPowerW: 'pv',
  loadPowerW: 'load',
  gridPowerW: 'grid',
  batPowerW: 'bat',
  batSocPct: 'soc',
  pvEnergyTodayKwh: 'energy',
};

/** Signed powers (grid, battery) get their sign explained in the heading and as a word beside each value. */
const isSigned = (key: DeviceLiveKey): key is keyof typeof POWER_SIGNS => key in POWER_SIGNS;

function heading(key: DeviceLiveKey, lang: Lang, t: TFunction): ReactNode {
  const title = `${optionLabel(DEVICE_LIVE_FIELDS[key])} (${liveUnit(key)})`;
  if (!isSigned(key)) return title;
  const hint = t(`devices.powerSign.${key}`);
  return (
    <Tooltip title={hint}>
      <span className="live-heading">
        {title} <QuestionCircleOutlined aria-label={hint} />
      </span>
    </Tooltip>
  );
}

/** The columns of the newest reading's values, with catalogue names and units, formatted for the UI language. */
export function liveColumns(keys: readonly DeviceLiveKey[], lang: Lang, t: TFunction): Column<DeviceListItem>[] {
  return keys.map((key) => ({
    key,
    title: heading(key, lang, t),
    label: `${optionLabel(DEVICE_LIVE_FIELDS[key])} (${liveUnit(key)})`,
    align: 'right',
    render: (_, device: DeviceListItem) => {
      const value = device.latest?.[key] ?? null;
      const flow = isSigned(key) && value ? POWER_SIGNS[key][value > 0 ? 'positive' : 'negative'] : null;
      const word = flow && t(`devices.flow.${flow}`);
      return (
        <LiveValue value={value} testId={`device-${TEST_IDS[key]}-${device.sn}`}>
          {formatLiveValue(key, value, lang)}
          {word && <span className="live-hint">{word}</span>}
        </LiveValue>
      );
    },
  }));
}
