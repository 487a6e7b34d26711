import { demoFleetConfig, demoSkyForPlant } from '@voltfleet/simulator';

/**
 * The demo world's sky for performance analytics: the plane-of-array irradiation each demo plant's simulated sky
 * gave on a local day, the same sky the simulator produced that plant's energy under. The demo runs without the
 * internet, so the weather service has nothing; this stands in for it as an on-site irradiance sensor would
 * (docs/decisions/0045). Plants that are not the demo's (by name, as demo.seed.ts stores them) get undefined.
 */
export function demoSkyLookup(): (plant: { name: string }) => ((day: string) => DaySky | undefined) | undefined {
  // The sites and the seed do not depend on the start time.
  const config = demoFleetConfig({ startMs: 0 });
  const names = new Set(config.plants.map((p) => p.name));
  const cache = new Map<string, (day: string) => DaySky | undefined>();
  return ({ name }) => {
    if (!names.has(name)) return undefined;
    let sky = cache.get(name);
    if (!sky) cache.set(name, (sky = demoSkyForPlant(config, name)));
    return sky;
  };
}

interface DaySky {
  poaKwhM2: number;
  clearSkyPoaKwhM2: number;
}
