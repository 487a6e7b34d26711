import { Suspense, useState } from 'react';
import { Alert, Button, Descriptions } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_STATUS_LABELS } from '@voltfleet/domain/devices';
import { type ConfirmedSetting, type DeviceDetail } from '@voltfleet/domain/telemetry';
import { Can } from '@/components/can';
import { FirmwareVersion } from '@/components/firmware-version';
import { formatPlantTime } from '@/lib/format';
import { lazyNamed } from '@/lib/lazy-load';
import { DevicesBehind, LastContact } from './device-links';
import { DeviceStatusTag } from './device-status-tag';
import { message } from '@/lib/i18n';

const dash = (value: string | number | null, unit = '') => (value === null ? '—' : `${value}${unit}`);

// The edit form carries the domain's schema: loaded when opened, so the page itself loads no zod (decision 0029).
const DeviceFieldsModal = lazyNamed(() => import('./device-fields-modal'), 'DeviceFieldsModal');

/** A setting as the device last confirmed it by read-back, with when; "—" when it never confirmed one. */
function Confirmed({ setting, unit, zone }: { setting: ConfirmedSetting | null; unit: string; zone: string | null }) {
  const { t } = useTranslation();
  if (!setting) return '—';
  return t('deviceDetail.confirmed', {
    value: `${setting.value} ${unit}`,
    time: formatPlantTime(setting.confirmedAt, zone),
  });
}

/** Opens the form for the grid code, protocols and template, for whoever may stock devices in. */
function EditFields({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Can code="B/D:device.stockIn">
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="device-fields-edit">
        {t('deviceDetail.editFields.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DeviceFieldsModal device={device} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Can>
  );
}

/**
 * R3.3 device fields; what the device or its installer never gave shows as "—". Text is rendered as text. Last seen
 * is the newest contact, through the device that carried it when not this one (a battery's inverter). The
 * grid-connection limit and SOC lower limit are what the device last confirmed by read-back, and when.
 */
export function DeviceBasicInfo({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const zone = device.plantTimeZone;
  const items: [string, React.ReactNode][] = [
    ['sn', device.sn],
    ['kind', t(`devices.kinds.${device.kind}`)],
    ['modelType', device.modelType],
    ['batteryModelType', dash(device.batteryModelType)],
    ['installationPosition', dash(device.installationPosition)],
    ['plant', dash(device.plantName)],
    ['timeZone', dash(zone)],
    // Versions read as everywhere else (a reported 603 as 6.0.3); the field's name says PCU or DSP.
    ['dspVersion', <FirmwareVersion key="dsp" version={device.dspVersion} />],
    ['pcuVersion', <FirmwareVersion key="pcu" version={device.pcuVersion} />],
    ['gridCode', dash(device.gridCode)],
    ['batteryProtocol', dash(device.batteryProtocol)],
    ['meterProtocol', dash(device.meterProtocol)],
    ['activation', message(ACTIVATION_STATUS_LABELS[device.activation])],
    ['importTime', formatPlantTime(device.importTime, zone)],
    ['activatedAt', formatPlantTime(device.activatedAt, zone)],
    [
      'runningStatus',
      <DeviceStatusTag
        key="status"
        status={device.runningStatus}
        sn={device.sn}
        via={device.onlineVia}
        rule={device.onlineRule}
      />,
    ],
    ['lastSeen', <LastContact key="lastSeen" device={device} />],
    ['template', dash(device.template)],
    ['gridConnectionLimit', <Confirmed key="grid" setting={device.gridConnectionLimitW} unit="W" zone={zone} />],
    ['socLowerLimit', <Confirmed key="soc" setting={device.socLowerLimitPct} unit="%" zone={zone} />],
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
        extra={<EditFields device={device} />}
        items={items.map(([key, value]) => ({
          key,
          label: t(`deviceDetail.fields.${key}`),
          children: <span data-testid={`device-field-${key}`}>{value}</span>,
        }))}
      />
      {/* A collector's devices are on its real-time tab, with what else its link knows. */}
      {device.kind !== 'collector' && device.behind.length > 0 && <DevicesBehind device={device} />}
    </>
  );
}
