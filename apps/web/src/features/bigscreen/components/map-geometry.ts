import { geoMercator, geoPath, type GeoPermissibleObjects, type GeoProjection } from 'd3-geo';

/** A plant placed on the map: its screen position and what its marker shows. */
export interface MapPoint {
  id: number;
  lon: number;
  lat: number;
  /** Installed power, for the marker's size. */
  weight: number;
}

export interface Cluster<P extends MapPoint> {
  x: number;
  y: number;
  members: P[];
}

/** The least span (degrees) the view shows around its plants: one plant or a street of them is not a pin on a blur. */
const MIN_SPAN_DEG = 6;
/** Mercator is not defined at the poles; plants beyond these latitudes are drawn at them. */
const MAX_LAT = 80;

const clampLat = (lat: number) => Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));

/**
 * A Mercator projection that shows every point inside the box with `padding` pixels around them, the view never
 * narrower than MIN_SPAN_DEG (a single plant gets a region around it); with no points, the whole world.
 */
export function fitProjection(
  points: readonly Pick<MapPoint, 'lon' | 'lat'>[],
  width: number,
  height: number,
  padding: number,
): GeoProjection {
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => clampLat(p.lat));
  let [west, east, south, north] = points.length
    ? [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)]
    : [-170, 170, -58, MAX_LAT];
  if (east - west < MIN_SPAN_DEG)
    [west, east] = [(west + east) / 2 - MIN_SPAN_DEG / 2, (west + east) / 2 + MIN_SPAN_DEG / 2];
  if (north - south < MIN_SPAN_DEG)
    [south, north] = [
      clampLat((south + north) / 2 - MIN_SPAN_DEG / 2),
      clampLat((south + north) / 2 + MIN_SPAN_DEG / 2),
    ];
  const box: GeoJSON.MultiPoint = {
    type: 'MultiPoint',
    coordinates: [
      [west, south],
      [east, north],
    ],
  };
  return geoMercator().fitExtent(
    [
      [padding, padding],
      [Math.max(padding + 1, width - padding), Math.max(padding + 1, height - padding)],
    ],
    box,
  );
}

/**
 * Groups points whose markers would overlap: greedily, the largest first, each point joins the first cluster whose
 * centre is within `radius` pixels, else starts one. Clusters sit at their members' mean position. Deterministic
 * for the same input, so markers do not jump between refreshes.
 */
export function clusterPoints<P extends MapPoint>(
  points: readonly P[],
  project: (lon: number, lat: number) => [number, number] | null,
  radius: number,
): Cluster<P>[] {
  const sorted = [...points].sort((a, b) => b.weight - a.weight || a.id - b.id);
  const clusters: (Cluster<P> & { sx: number; sy: number })[] = [];
  for (const point of sorted) {
    const at = project(point.lon, clampLat(point.lat));
    if (!at) continue;
    const [x, y] = at;
    const near = clusters.find((c) => Math.hypot(c.x - x, c.y - y) <= radius);
    if (near) {
      near.members.push(point);
      near.sx += x;
      near.sy += y;
    } else clusters.push({ x, y, sx: x, sy: y, members: [point] });
  }
  return clusters.map(({ sx, sy, members }) => ({ x: sx / members.length, y: sy / members.length, members }));
}

/** A marker's radius in pixels: its area grows with installed power, between `min` and `max`. */
export function markerRadius(weight: number, largest: number, min = 7, max = 22): number {
  if (!(largest > 0) || !(weight > 0)) return min;
  return min + (max - min) * Math.sqrt(Math.min(1, weight / largest));
}

/** Decimals of a path's coordinates: d3's own default (a thousandth of a pixel). */
const PATH_DIGITS = 1000;
const atDigits = (v: number) => Math.round(v * PATH_DIGITS) / PATH_DIGITS;

/**
 * The SVG path data of a geographic object, the same text as `geoPath(projection)(object)`, built in an array and
 * joined once. d3's string output appends each coordinate with `+=`: the world's land became a tree of about 15,000
 * concatenated strings, kept by the page as the `d` it rendered (the big-screen soak's heap snapshots showed them
 * coming and going with every rotation). One flat string is a third of that memory and does not depend on whether
 * the engine has flattened the tree yet.
 */
export function svgPath(projection: GeoProjection, object: GeoPermissibleObjects): string {
  const parts: string[] = [];
  geoPath(projection, {
    moveTo: (x, y) => void parts.push(`M${atDigits(x)},${atDigits(y)}`),
    lineTo: (x, y) => void parts.push(`L${atDigits(x)},${atDigits(y)}`),
    closePath: () => void parts.push('Z'),
    // Only point geometries begin paths of their own and draw circles; the map passes polygons and lines.
    beginPath: () => undefined,
    arc: () => undefined,
  })(object);
  return parts.join('');
}
