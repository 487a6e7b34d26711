import { Suspense } from 'react';
import { Button, Result, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActiveAlarms } from '@/components/active-alarms';
import { activeAlarmSearchPath } from '@/components/alarm-badge';
import { DeferredTabs } from '@/components/deferred-tabs';
import { EnergyExportButton } from '@/components/energy-export/energy-export-button';
import { PageHeader } from '@/components/page-header';
import { lazyNamed } from '@/lib/lazy-load';
import { useIdlePreload } from '@/lib/use-idle-preload';
import { useDeviceAlarms } from '../api/get-device-alarms';
import { useDeviceDetail } from '../api/get-device-detail';
import { useDeviceRealtime } from '../api/get-device-realtime';
import { useDeviceDetailLive } from '../api/use-device-detail-live';
import { DeviceBasicInfo } from '../components/device-basic-info';
import { CollectorLink } from '../components/device-links';
import { LiveIndicator } from '../components/live-indicator';
import '../components/device-detail.css';

const LIST_PATH = '/deviceCenter/deviceList';

// The real-time and history tabs load when first shown (or once the page has painted and the browser is idle): the
// page's first download carries only the basic tab, which is what an arrival shows (bench/web-vitals: its LCP).
const loadOtherTabs = () => import('../components/other-tabs');
const DeviceRealtimeGroups = lazyNamed(loadOtherTabs, 'DeviceRealtimeGroups');
const DeviceHistoryTab = lazyNamed(loadOtherTabs, 'DeviceHistoryTab');
// A battery's health tab is its own chunk: only a battery's page loads it, when the tab is first shown.
const BatteryHealthTab = lazyNamed(() => import('../components/battery-health-tab'), 'BatteryHealthTab');

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={LIST_PATH} data-testid="device-detail-back">
      <Button type="link" icon={<ArrowLeftOutlined />}>
        {t('deviceDetail.back')}
      </Button>
    </Link>
  );
}

/** The device's active alarms, above the tabs. */
function DeviceAlarms({ deviceId }: { deviceId: number }) {
  const alarms = useDeviceAlarms(deviceId);
  return (
    <ActiveAlarms
      alarms={alarms.data?.items}
      total={alarms.data?.total}
      failed={alarms.isError}
      searchPath={activeAlarmSearchPath({ deviceId })}
      testId="device-alarms"
    />
  );
}

function DeviceDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useDeviceDetail(id);
  const realtime = useDeviceRealtime(id);
  const live = useDeviceDetailLive(id);
  useIdlePreload(loadOtherTabs);

  if (detail.isError) return <Result status="404" title="404" extra={<BackLink />} />;
  if (!detail.data) return <Spin style={{ display: 'block', marginTop: 48 }} />;
  const device = detail.data;
  return (
    <>
      <BackLink />
      <PageHeader
        title={device.sn}
        extra={
          <div className="device-detail-head">
            <EnergyExportButton devices={[device]} timeZone={device.plantTimeZone ?? 'UTC'} />
            <LiveIndicator state={live} />
          </div>
        }
      />
      <DeviceAlarms deviceId={device.id} />
      <DeferredTabs
        data-testid="device-detail-tabs"
        items={[
          { key: 'basic', label: t('deviceDetail.tabs.basic'), children: <DeviceBasicInfo device={device} /> },
          {
            key: 'realtime',
            label: t('deviceDetail.tabs.realtime'),
            // A collector reports no values of its own: its tab shows what its link knows instead.
            children:
              device.kind === 'collector' ? (
                <CollectorLink device={device} />
              ) : realtime.data ? (
                <Suspense fallback={<Spin />}>
                  <DeviceRealtimeGroups realtime={realtime.data} kind={device.kind} />
                </Suspense>
              ) : (
                <Spin />
              ),
          },
          {
            key: 'history',
            label: t('deviceDetail.tabs.history'),
            children: (
              <Suspense fallback={<Spin />}>
                <DeviceHistoryTab deviceId={device.id} timeZone={device.plantTimeZone} />
              </Suspense>
            ),
          },
          ...(device.kind === 'battery'
            ? [
                {
                  key: 'batteryHealth',
                  label: t('batteryHealth.tab'),
                  children: (
                    <Suspense fallback={<Spin />}>
                      <BatteryHealthTab deviceId={device.id} />
                    </Suspense>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

/**
 * /deviceCenter/deviceList/:deviceId: basic info, real-time data updated live, the history curve, and a battery's
 * health.
 */
export default function DeviceDetailPage() {
  const id = Number(useParams().deviceId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    return <Result status="404" title="404" extra={<BackLink />} />;
  return <DeviceDetailView key={id} id={id} />;
}
