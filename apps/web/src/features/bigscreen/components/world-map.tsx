import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import worldData from 'world-atlas/countries-110m.json';
import { PLANT_STATUSES, type PlantStatus } from '@voltfleet/domain/plants';
import { type BigScreenPlant } from '@voltfleet/domain/big-screen';
import { formatNumber, scaleEnergy, scalePower } from '@/lib/number-format';
import { STATUS_COLORS } from './world-map-colors';
import { clusterPoints, fitProjection, markerRadius, svgPath, type Cluster, type MapPoint } from './map-geometry';

/** Natural Earth 1:110m countries (world-atlas, shipped in the bundle: nothing is fetched at run time). */
const world = worldData as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
const land = feature(world, world.objects.land);
const borders = mesh(world, world.objects.countries, (a, b) => a !== b);

/** The colour of a group of plants: its worst status (an alarm outranks an offline plant). */
const WORST_FIRST: readonly PlantStatus[] = ['alarm', 'offline', 'normal'];
/** Markers closer than this (stage pixels) are drawn as one cluster with a count. */
const CLUSTER_RADIUS = 34;
const PADDING = 70;

type Placed = MapPoint & { plant: BigScreenPlant };

function worstStatus(members: readonly Placed[]): PlantStatus {
  return WORST_FIRST.find((status) => members.some((m) => m.plant.status === status)) ?? 'normal';
}

function PlantFacts({ plant }: { plant: BigScreenPlant }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const power = scalePower(plant.pvPowerW, lang);
  const today = scaleEnergy(plant.pvTodayKwh, lang);
  return (
    <div className="bs-tip-plant" data-testid="bigscreen-tip-plant">
      <strong>{plant.name}</strong>
      <span className={`bs-status bs-status-${plant.status}`}>{t(`bigScreen.status.${plant.status}`)}</span>
      <dl>
        <dt>{t('bigScreen.map.pvPower')}</dt>
        <dd data-testid="bigscreen-tip-power">
          {power.value} {power.unit}
        </dd>
        <dt>{t('bigScreen.map.pvToday')}</dt>
        <dd>
          {today.value} {today.unit}
        </dd>
        <dt>{t('bigScreen.map.installed')}</dt>
        <dd>{formatNumber(plant.powerKwp, lang)} kWp</dd>
        <dt>{t('bigScreen.map.alarms')}</dt>
        <dd>{formatNumber(plant.alarms.count, lang)}</dd>
      </dl>
    </div>
  );
}

function ClusterTip({ cluster }: { cluster: Cluster<Placed> }) {
  const { t } = useTranslation();
  const [first] = cluster.members;
  if (cluster.members.length === 1 && first) return <PlantFacts plant={first.plant} />;
  const shown = cluster.members.slice(0, 6);
  return (
    <div>
      <strong>{t('bigScreen.map.clusterTitle', { n: cluster.members.length })}</strong>
      {shown.map((m) => (
        <PlantFacts key={m.id} plant={m.plant} />
      ))}
      {cluster.members.length > shown.length && (
        <div className="bs-muted">{t('bigScreen.map.more', { n: cluster.members.length - shown.length })}</div>
      )}
    </div>
  );
}

/**
 * The plants in scope on a world map, zoomed to them: markers coloured by status and sized by installed power,
 * overlapping ones clustered with their count; hover, focus or a tap shows the plant's (or cluster's) figures.
 */
export function WorldMap({
  plants,
  width,
  height,
}: {
  plants: readonly BigScreenPlant[];
  width: number;
  height: number;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState<number | null>(null);
  const placed = useMemo<Placed[]>(
    () =>
      plants.flatMap((plant) =>
        plant.latitude === null || plant.longitude === null
          ? []
          : [{ id: plant.plantId, lon: plant.longitude, lat: plant.latitude, weight: plant.powerKwp, plant }],
      ),
    [plants],
  );
  // The view follows the set of positions only, not every refresh of the figures.
  const positions = placed.map((p) => `${p.lon},${p.lat}`).join(';');
  const projection = useMemo(
    () => fitProjection(placed, width, height, PADDING),
    [positions, width, height], // eslint-disable-line react-hooks/exhaustive-deps -- positions stand for `placed`
  );
  const paths = useMemo(
    () => ({ land: svgPath(projection, land), borders: svgPath(projection, borders) }),
    [projection],
  );
  const clusters = useMemo(
    () => clusterPoints(placed, (lon, lat) => projection([lon, lat]), CLUSTER_RADIUS),
    [placed, projection],
  );
  const largest = Math.max(0, ...placed.map((p) => p.weight));
  const unplaced = plants.length - placed.length;
  const activeCluster = clusters.find((c) => c.members[0]?.id === active);

  return (
    <div className="bs-map" style={{ width, height }} onMouseLeave={() => setActive(null)}>
      <svg width={width} height={height} role="img" aria-label={t('bigScreen.map.title')} data-testid="bigscreen-map">
        <rect width={width} height={height} className="bs-map-sea" />
        <path d={paths.land} className="bs-map-land" />
        <path d={paths.borders} className="bs-map-borders" />
        {clusters.map((cluster) => {
          const lead = cluster.members[0]!;
          const single = cluster.members.length === 1;
          const status = worstStatus(cluster.members);
          const r = single
            ? markerRadius(lead.weight, largest)
            : Math.min(34, 16 + 3 * Math.sqrt(cluster.members.length));
          const label = single
            ? `${lead.plant.name}: ${t(`bigScreen.status.${status}`)}`
            : t('bigScreen.map.clusterTitle', { n: cluster.members.length });
          return (
            <g
              key={lead.id}
              transform={`translate(${cluster.x.toFixed(1)},${cluster.y.toFixed(1)})`}
              className={`bs-marker${active === lead.id ? ' bs-marker-active' : ''}`}
              tabIndex={0}
              role="button"
              aria-label={label}
              data-testid={single ? 'bigscreen-marker' : 'bigscreen-cluster'}
              data-plant-id={single ? lead.id : undefined}
              data-count={cluster.members.length}
              data-status={status}
              onMouseEnter={() => setActive(lead.id)}
              onFocus={() => setActive(lead.id)}
              onBlur={() => setActive(null)}
              onClick={() => setActive((a) => (a === lead.id ? null : lead.id))}
            >
              <circle r={r} fill={STATUS_COLORS[status]} fillOpacity={single ? 0.85 : 0.7} />
              {!single && (
                <text dy="0.35em" textAnchor="middle" className="bs-cluster-count">
                  {cluster.members.length}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {activeCluster && (
        <div
          className="bs-tip"
          role="tooltip"
          data-testid="bigscreen-tip"
          style={{
            left: Math.min(activeCluster.x + 24, width - 340),
            top: Math.max(8, Math.min(activeCluster.y - 20, height - 300)),
          }}
        >
          <ClusterTip cluster={activeCluster} />
        </div>
      )}
      <div className="bs-legend" data-testid="bigscreen-legend">
        {PLANT_STATUSES.map((status) => (
          <span key={status}>
            <i style={{ background: STATUS_COLORS[status] }} />
            {t(`bigScreen.status.${status}`)}
          </span>
        ))}
        <span>
          <i className="bs-legend-cluster">n</i>
          {t('bigScreen.map.clusterLegend')}
        </span>
        <span className="bs-muted">{t('bigScreen.map.sizeLegend')}</span>
        {unplaced > 0 && (
          <span className="bs-muted" data-testid="bigscreen-unplaced">
            {t('bigScreen.map.unplaced', { n: unplaced })}
          </span>
        )}
      </div>
    </div>
  );
}
