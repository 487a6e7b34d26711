import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import worldData from 'world-atlas/countries-110m.json';
import { clusterPoints, fitProjection, markerRadius, svgPath, type MapPoint } from './map-geometry';

const W = 1200;
const H = 800;
const PAD = 60;

const inside = ([x, y]: [number, number]) =>
  x >= PAD - 0.5 && x <= W - PAD + 0.5 && y >= PAD - 0.5 && y <= H - PAD + 0.5;

describe('fitProjection', () => {
  it('puts every plant inside the padded box, spread over it', () => {
    const plants = [
      { lon: 116.4, lat: 39.9 },
      { lon: 14.4, lat: 50.1 },
      { lon: -122.4, lat: 37.8 },
    ];
    const projection = fitProjection(plants, W, H, PAD);
    const xy = plants.map((p) => projection([p.lon, p.lat])!);
    xy.forEach((p) => expect(inside(p)).toBe(true));
    const xs = xy.map((p) => p[0]);
    // Fitted, not a tiny world in a corner: the spread fills the width less the padding.
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan((W - 2 * PAD) * 0.9);
  });

  it('gives a single plant a region around it, in the middle', () => {
    const projection = fitProjection([{ lon: 14.4, lat: 50.1 }], W, H, PAD);
    const [x, y] = projection([14.4, 50.1])!;
    expect(Math.abs(x - W / 2)).toBeLessThan(1);
    // Mercator stretches northwards: the middle latitude sits a little below the middle.
    expect(Math.abs(y - H / 2)).toBeLessThan(H * 0.02);
    // A point 2.5 degrees away still shows, one 5 degrees away does not: the view spans about six degrees.
    expect(inside(projection([14.4, 52.6])!)).toBe(true);
    expect(inside(projection([14.4, 55.1])!)).toBe(false);
  });

  it('shows the world when no plant has a position, and plants near a pole stay on the map', () => {
    const world = fitProjection([], W, H, PAD);
    expect(inside(world([0, 0])!)).toBe(true);
    const polar = fitProjection([{ lon: 15, lat: 89 }], W, H, PAD);
    expect(polar([15, 80])!.every(Number.isFinite)).toBe(true);
  });
});

describe('clusterPoints', () => {
  const flat = (lon: number, lat: number): [number, number] => [lon, -lat];
  const point = (id: number, lon: number, lat: number, weight = 1): MapPoint => ({ id, lon, lat, weight });

  it('joins points closer than the radius and keeps apart the others, counting every point once', () => {
    const points = [point(1, 0, 0, 5), point(2, 10, 0), point(3, 100, 0), point(4, 105, 0, 9), point(5, 300, 0)];
    const clusters = clusterPoints(points, flat, 20);
    expect(clusters.map((c) => c.members.map((m) => m.id).sort())).toEqual([[3, 4], [1, 2], [5]]);
    expect(clusters.reduce((n, c) => n + c.members.length, 0)).toBe(points.length);
    // At the members' mean position.
    expect(clusters[1]).toMatchObject({ x: 5, y: -0 });
  });

  it('leaves points that do not overlap as single markers', () => {
    const clusters = clusterPoints([point(1, 0, 0), point(2, 50, 0)], flat, 20);
    expect(clusters.map((c) => c.members.length)).toEqual([1, 1]);
  });
});

describe('markerRadius', () => {
  it('grows with power between its bounds', () => {
    expect(markerRadius(0, 100)).toBe(7);
    expect(markerRadius(100, 100)).toBe(22);
    expect(markerRadius(25, 100)).toBeCloseTo(14.5);
    expect(markerRadius(10, 0)).toBe(7);
  });
});

describe('svgPath', () => {
  const world = worldData as unknown as Topology<{ land: GeometryCollection; countries: GeometryCollection }>;
  const land = feature(world, world.objects.land);
  const borders = mesh(world, world.objects.countries, (a, b) => a !== b);

  it.each([
    ['the whole world', []],
    ['one plant', [{ lon: 14.4, lat: 50.1 }]],
    [
      'plants on three continents',
      [
        { lon: 116.4, lat: 39.9 },
        { lon: 14.4, lat: 50.1 },
        { lon: -122.4, lat: 37.8 },
      ],
    ],
  ])('draws the land and the borders as d3 does, for %s', (_name, plants) => {
    const projection = fitProjection(plants, W, H, PAD);
    for (const object of [land, borders]) {
      const path = svgPath(projection, object);
      expect(path.length).toBeGreaterThan(1000);
      expect(path).toBe(geoPath(projection)(object));
    }
  });
});
