import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_STATUS_LABELS, type DeviceDetail, type Lang } from '@voltfleet/domain';
import { formatPlantTime } from '@/lib/format';
import { DeviceStatusTag } from './device-status-tag';

const dash = (value: string | number | null, unit = '') => (value === null ? '—' : `${value}${unit}`);

/** SPEC §3 device fields; what the device or its installer never gave shows as "—". Text is rendered as text. */
export function DeviceBasicInfo({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const zone = device.plantTimeZone;
  const items: [string, React.ReactNode][] = [
    ['sn', device.sn],
    ['kind', t(`devices.kinds.${device.kind}`)],
    ['modelType', device.modelType],
    ['batteryModelType', dash(device.batteryModelType)],
    ['installationPosition', dash(device.installationPosition)],
    ['plant', dash(device.plantName)],
    ['timeZone', dash(zone)],
    ['dspVersion', dash(device.dspVersion)],
    ['pcuVersion', dash(device.pcuVersion)],
    ['gridCode', dash(device.gridCode)],
    ['batteryProtocol', dash(device.batteryProtocol)],
    ['meterProtocol', dash(device.meterProtocol)],
    ['activation', ACTIVATION_STATUS_LABELS[device.activation][lang]],
    ['importTime', formatPlantTime(device.importTime, zone)],
    ['activatedAt', formatPlantTime(device.activatedAt, zone)],
    ['runningStatus', <DeviceStatusTag key="status" status={device.runningStatus} sn={device.sn} />],
    ['lastSeen', formatPlantTime(device.lastSeenAt, zone)],
    ['template', dash(device.template)],
    ['gridConnectionLimit', dash(device.gridConnectionLimitW, ' W')],
    ['socLowerLimit', dash(device.socLowerLimitPct, ' %')],
  ];
  const conflict = device.identityConflict;
  return (
    <>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="device-identity-conflict"
          message={t('deviceDetail.identityConflictTitle')}
          description={t('deviceDetail.identityConflict', {
            count: conflict.count,
            time: formatPlantTime(conflict.lastAt, zone),
            remote: conflict.remote,
          })}
        />
      )}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        data-testid="device-basic-info"
        items={items.map(([key, value]) => ({
          key,
          label: t(`deviceDetail.fields.${key}`),
          children: <span data-testid={`device-field-${key}`}>{value}</span>,
        }))}
      />
    </>
  );
}
