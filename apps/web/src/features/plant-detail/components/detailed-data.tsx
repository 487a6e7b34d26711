import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantRealtime } from '@voltfleet/domain/plants';
import { FIELD_GROUP_NAMES } from '@voltfleet/domain/telemetry';
import { StatusTag } from '@/components/status-tag';
import { fieldLabelOf, formatFieldValue } from '@/lib/field-value';
import { formatPlantTime } from '@/lib/format';
import { message } from '@/lib/i18n';

type Device = PlantRealtime['devices'][number];
const TONES = { online: 'success', alarm: 'error', offline: 'default' } as const;

/** One device's newest reading: its time in the plant's zone, then every value by monitoring group ("—" for none). */
function DeviceValues({ device, timeZone }: { device: Device; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      size="small"
      className="detail-device-values"
      title={`${t(`plantStats.deviceKinds.${device.kind}`)} ${device.sn}`}
      data-testid={`detailed-device-${device.sn}`}
    >
      <div className="detail-device-head">
        <StatusTag tone={TONES[device.runningStatus]}>{t(`plantStats.deviceStatus.${device.runningStatus}`)}</StatusTag>
        <span className="stat-note">{device.model}</span>
        <span className="stat-note" data-testid={`detailed-time-${device.sn}`}>
          {device.ts
            ? t('plantStats.detailed.measuredAt', { time: formatPlantTime(device.ts, timeZone) })
            : t('plantStats.detailed.never')}
        </span>
      </div>
      <Row gutter={[12, 12]}>
        {device.groups.map((group) => (
          <Col key={group.group} xs={24} md={12} xl={8}>
            <Card
              size="small"
              type="inner"
              title={message(FIELD_GROUP_NAMES[group.group])}
              data-testid={`detailed-group-${device.sn}-${group.group}`}
            >
              <dl className="detail-value-list">
                {group.values.map((v) => (
                  <div key={v.key} className="detail-value-row">
                    <dt>{fieldLabelOf(v.key)}</dt>
                    <dd data-testid={`detailed-${device.sn}-${v.key}`}>{formatFieldValue(v, i18n.language)}</dd>
                  </div>
                ))}
              </dl>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/**
 * Detailed data: every live value of the plant's reporting devices, a card per device, grouped as on a device's
 * real-time tab (PV, grid, load, battery, inverter, meters and cabinet), with units and the reading's plant time.
 */
export function DetailedData({ realtime }: { realtime: PlantRealtime }) {
  const { t } = useTranslation();
  if (realtime.devices.length === 0)
    return <Empty description={t('plantStats.detailed.noDevices')} data-testid="detailed-empty" />;
  return (
    <div className="detail-detailed" data-testid="detailed-data">
      <p className="stat-note">{t('plantStats.detailed.batteryNote')}</p>
      {realtime.devices.map((device) => (
        <DeviceValues key={device.id} device={device} timeZone={realtime.timeZone} />
      ))}
    </div>
  );
}
