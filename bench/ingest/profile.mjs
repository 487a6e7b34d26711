// Where a CPU profile (node --cpu-prof) spends its time: self time per function and per area (package or folder).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { round } from '../support.mjs';

/** The area of a script URL: a package under node_modules, a folder of our dist, node internals, or the VM. */
function areaOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const ours = /(apps|packages)\/([^/]+)\/dist\/(.*)\/[^/]+$/.exec(url) ?? /(apps|packages)\/([^/]+)\/dist\//.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}${ours[3] ? `/${ours[3]}` : ''}`;
  if (url.startsWith('node:')) return 'node:internal';
  return path.basename(url);
}

/** Microseconds of the monotonic clock V8 stamps profiles with (CLOCK_MONOTONIC, shared by every process). */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Top functions and areas by self time over every .cpuprofile in `dir`, in % of the profiled time; only samples
 * between `window.fromUs` and `window.toUs` (monotonicUs) when given.
 */
export async function summariseProfile(dir, window = { fromUs: 0, toUs: Infinity }, top = 20) {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  const self = new Map();
  const areas = new Map();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      at += dt;
      if (at < window.fromUs || at > window.toUs) return;
      const frame = nodes.get(id);
      const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '';
      const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
      self.set(key, (self.get(key) ?? 0) + dt);
      const area = areaOf(frame.url, frame.functionName);
      areas.set(area, (areas.get(area) ?? 0) + dt);
      total += dt;
    });
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, pct: round((us / total) * 100, 1) }));
  return { files: files.length, seconds: round(total / 1e6, 1), areas: rank(areas), functions: rank(self) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await summariseProfile(process.argv[2] ?? 'bench/.tmp/profiles/pglite'), null, 2));
}
