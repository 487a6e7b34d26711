import { Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LinkedDevice, OnlineRule } from '@voltfleet/domain/telemetry';
import type { RunningStatus } from '@voltfleet/domain/devices';
import { StatusTag } from '@/components/status-tag';
import { LiveValue } from './live-value';
import { ViaDevice } from './via-device';

const TONE = { online: 'success', alarm: 'error', offline: 'default' } as const;

interface Props {
  status: RunningStatus;
  sn: string;
  /** The device that keeps this one online while it is not heard from itself (detail page only). */
  via?: LinkedDevice | null;
  /** Which link the status rule looks at for this device; anything but 'own' is explained beside the tag. */
  rule?: OnlineRule;
}

/**
 * Running status as a coloured tag: online green, alarm red, offline grey. A battery or collector has no connection
 * of its own, so on its page the tag says through which device it is online, and an icon explains the rule.
 */
export function DeviceStatusTag({ status, sn, via, rule }: Props) {
  const { t } = useTranslation();
  const explanation = rule && rule !== 'own' ? t(`deviceDetail.link.rule.${rule}`) : null;
  return (
    <>
      <LiveValue value={status} testId={`device-status-${sn}`}>
        <StatusTag tone={TONE[status]}>{t(`devices.status.${status}`)}</StatusTag>
      </LiveValue>
      {via && status !== 'offline' && (
        <span className="device-status-via" data-testid={`device-status-via-${sn}`}>
          {' '}
          <ViaDevice device={via} />
        </span>
      )}
      {explanation && (
        <Tooltip title={explanation}>
          <InfoCircleOutlined
            className="device-status-rule"
            aria-label={explanation}
            data-testid={`device-status-rule-${sn}`}
          />
        </Tooltip>
      )}
    </>
  );
}
