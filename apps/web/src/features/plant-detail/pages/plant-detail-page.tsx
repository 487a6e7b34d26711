import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { PlantOverview } from '@voltfleet/domain/plants';
import { ActiveAlarms } from '@/components/active-alarms';
import { activeAlarmSearchPath } from '@/components/alarm-badge';
import { DeferredTabs } from '@/components/deferred-tabs';
import { EnergyExportButton } from '@/components/energy-export/energy-export-button';
import { PageHeader } from '@/components/page-header';
import { PageSpin } from '@/components/page-spin';
import { StatusTag } from '@/components/status-tag';
import { formatPlantTime } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { lazyNamed } from '@/lib/lazy-load';
import { useIdlePreload } from '@/lib/use-idle-preload';
import { usePlant } from '../api/get-plant';
import { usePlantAlarms } from '../api/get-plant-alarms';
import { plantDevicesQueryOptions, usePlantDevices } from '../api/get-plant-devices';
import { usePlantIndicators } from '../api/get-plant-indicators';
import { usePlantOverview } from '../api/get-plant-overview';
import { usePlantRealtime } from '../api/get-plant-realtime';
import { usePlantSavings } from '../api/get-plant-savings';
import { usePlantLive } from '../api/use-plant-live';
import { PowerFlow } from '../components/power-flow';
import { TodayEnergy } from '../components/today-energy';
import '@/components/charts/charts.css';
import '../components/plant-detail.css';

// The other tabs load when one is first shown, or once the page has painted and the browser is idle: the page's first
// download carries only the basic tab, which is what an arrival shows (bench/web-vitals: LCP of the plant detail).
const loadOtherTabs = () => import('../components/other-tabs');
const AssociatedInfo = lazyNamed(loadOtherTabs, 'AssociatedInfo');
const PlantInfo = lazyNamed(loadOtherTabs, 'PlantInfo');
const TrendTab = lazyNamed(loadOtherTabs, 'TrendTab');
const GenerationTab = lazyNamed(loadOtherTabs, 'GenerationTab');
const SavingsTab = lazyNamed(loadOtherTabs, 'SavingsTab');
const IndicatorsList = lazyNamed(loadOtherTabs, 'IndicatorsList');
const DetailedData = lazyNamed(loadOtherTabs, 'DetailedData');

/** A tab's content, with a spinner while its code arrives. */
const Pane = ({ children }: { children: ReactNode }) => <Suspense fallback={<PageSpin />}>{children}</Suspense>;

/** What the app puts on the weather tab (the weather feature's forecast; features do not import each other). */
export type RenderWeather = (plant: { plantId: number; timeZone: string }) => ReactNode;

/** What the app puts on the performance tab (the performance feature's; `today` is the plant's own day). */
export type RenderPerformance = (plant: { plantId: number; today: string }) => ReactNode;

/** The tabs other features fill. */
export interface FeatureTabs {
  renderWeather: RenderWeather;
  renderPerformance: RenderPerformance;
}

const PLANT_LIST_PATH = '/plantCenter/plantList';
const STATUS_TONES = { normal: 'success', alarm: 'error', offline: 'default' } as const;

/** The plant's clock, ticking: its wall-clock time and UTC offset. */
function PlantClock({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="stat-note" data-testid="detail-clock">
      {t('plantStats.detail.plantTime', { time: formatPlantTime(new Date(now).toISOString(), timeZone) })}
    </span>
  );
}

/** The plant's active alarms (of all its devices), above the tabs. */
function PlantAlarms({ plantId }: { plantId: number }) {
  const alarms = usePlantAlarms(plantId);
  return (
    <ActiveAlarms
      alarms={alarms.data?.items}
      total={alarms.data?.total}
      failed={alarms.isError}
      searchPath={activeAlarmSearchPath({ plantId })}
      showDevice
      testId="plant-alarms"
    />
  );
}

/** "Export energy" with the plant's devices, read when the dialog first opens (the page itself does not need them). */
function PlantEnergyExport({ plantId, timeZone }: { plantId: number; timeZone: string }) {
  const [wanted, setWanted] = useState(false);
  const devices = useQuery({ ...plantDevicesQueryOptions(plantId), enabled: wanted });
  return <EnergyExportButton devices={devices.data?.devices} timeZone={timeZone} onOpen={() => setWanted(true)} />;
}

const Loading = ({ ready, children }: { ready: boolean; children: () => ReactNode }) =>
  ready ? children() : <PageSpin />;

function AssociatedTab({ plantId, timeZone }: { plantId: number; timeZone: string }) {
  const info = usePlantDevices(plantId);
  return <Loading ready={!!info.data}>{() => <AssociatedInfo info={info.data!} timeZone={timeZone} />}</Loading>;
}

function InfoTab({ plantId, utcOffset }: { plantId: number; utcOffset: string }) {
  const plant = usePlant(plantId);
  return <Loading ready={!!plant.data}>{() => <PlantInfo plant={plant.data!} utcOffset={utcOffset} />}</Loading>;
}

function SavingsPanel({ plantId }: { plantId: number }) {
  const savings = usePlantSavings(plantId);
  return <Loading ready={!!savings.data}>{() => <SavingsTab savings={savings.data!} />}</Loading>;
}

function DetailedPanel({ plantId }: { plantId: number }) {
  const realtime = usePlantRealtime(plantId);
  return <Loading ready={!!realtime.data}>{() => <DetailedData realtime={realtime.data!} />}</Loading>;
}

const VIEWS = ['basic', 'detailed'] as const;
type View = (typeof VIEWS)[number];

/** Basic data (power flow, today's figures) or detailed data (every live value of each device), by a switch. */
function BasicTab({ overview, view, onView }: { overview: PlantOverview; view: View; onView: (view: View) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="chart-segmented detail-view-switch" role="radiogroup" data-testid="detail-view">
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={v === view}
            className={v === view ? 'chart-segment chart-segment-on' : 'chart-segment'}
            data-testid={`detail-view-${v}`}
            onClick={() => v !== view && onView(v)}
          >
            {t(`plantStats.detailed.views.${v}`)}
          </button>
        ))}
      </div>
      {view === 'detailed' ? (
        <Pane>
          <DetailedPanel plantId={overview.plantId} />
        </Pane>
      ) : (
        <>
          <PowerFlow overview={overview} />
          <TodayEnergy overview={overview} />
        </>
      )}
    </>
  );
}

function DetailTabs({ overview, renderWeather, renderPerformance }: FeatureTabs & { overview: PlantOverview }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const indicators = usePlantIndicators(overview.plantId);
  useIdlePreload(loadOtherTabs);
  const { plantId, timeZone, today } = overview;
  const items = [
    {
      key: 'basic',
      label: t('plantStats.tabs.basic'),
      children: (
        <BasicTab
          overview={overview}
          view={search.get('view') === 'detailed' ? 'detailed' : 'basic'}
          onView={(view) => setSearch(view === 'detailed' ? { view } : {}, { replace: true })}
        />
      ),
    },
    {
      key: 'associated',
      label: t('plantStats.tabs.associated'),
      children: (
        <Pane>
          <AssociatedTab plantId={plantId} timeZone={timeZone} />
        </Pane>
      ),
    },
    {
      key: 'info',
      label: t('plantStats.tabs.info'),
      children: (
        <Pane>
          <InfoTab plantId={plantId} utcOffset={overview.utcOffset} />
        </Pane>
      ),
    },
    {
      key: 'trend',
      label: t('plantStats.tabs.trend'),
      children: (
        <Pane>
          <TrendTab plantId={plantId} today={today} />
        </Pane>
      ),
    },
    {
      key: 'generation',
      label: t('plantStats.tabs.generation'),
      children: (
        <Pane>
          <GenerationTab plantId={plantId} today={today} />
        </Pane>
      ),
    },
    {
      key: 'performance',
      label: t('plantStats.tabs.performance'),
      children: <Pane>{renderPerformance({ plantId, today })}</Pane>,
    },
    {
      key: 'weather',
      label: t('plantStats.tabs.weather'),
      children: <Pane>{renderWeather({ plantId, timeZone })}</Pane>,
    },
    {
      key: 'savings',
      label: t('plantStats.tabs.savings'),
      children: (
        <Pane>
          <SavingsPanel plantId={plantId} />
        </Pane>
      ),
    },
    ...(indicators.data?.length
      ? [
          {
            key: 'indicators',
            label: t('plantStats.tabs.indicators'),
            children: (
              <Pane>
                <IndicatorsList indicators={indicators.data} timeZone={timeZone} />
              </Pane>
            ),
          },
        ]
      : []),
  ].map((item) => ({ ...item, label: <span data-testid={`detail-tab-${item.key}`}>{item.label}</span> }));
  const active = items.some((i) => i.key === search.get('tab')) ? search.get('tab')! : 'basic';
  return (
    <DeferredTabs
      activeKey={active}
      items={items}
      onChange={(tab) => setSearch(tab === 'basic' ? {} : { tab }, { replace: true })}
      data-testid="detail-tabs"
    />
  );
}

/** /plantCenter/plantList/:plantId: one plant's live figures, devices, record, charts, weather and savings. */
export function PlantDetailPage({ renderWeather, renderPerformance }: FeatureTabs) {
  const { t } = useTranslation();
  const plantId = Number(useParams().plantId);
  const valid = Number.isInteger(plantId) && plantId > 0 && plantId <= 2_147_483_647;
  const overview = usePlantOverview(plantId, valid);
  usePlantLive(plantId);
  const back = (
    <Link to={PLANT_LIST_PATH} data-testid="detail-back">
      {t('plantStats.detail.back')}
    </Link>
  );
  const missing = !valid || (overview.error instanceof ApiError && overview.error.code === 'not_found');
  if (missing) {
    const message = overview.error?.message ?? t('plantStats.detail.notFound');
    return <Result status="404" title={message} extra={back} data-testid="detail-not-found" />;
  }
  const data = overview.data;
  if (!data)
    return overview.isPending ? <PageSpin /> : <Result status="warning" title={t('plantStats.noData')} extra={back} />;
  return (
    <>
      <div className="detail-crumb">{back}</div>
      <PageHeader
        title={data.name}
        extra={
          <div className="detail-head">
            <span data-testid="detail-status">
              <StatusTag tone={STATUS_TONES[data.status]}>{t(`plantStats.status.${data.status}`)}</StatusTag>
            </span>
            <PlantClock timeZone={data.timeZone} />
            <PlantEnergyExport plantId={data.plantId} timeZone={data.timeZone} />
          </div>
        }
      />
      <PlantAlarms plantId={data.plantId} />
      <DetailTabs overview={data} renderWeather={renderWeather} renderPerformance={renderPerformance} />
    </>
  );
}
