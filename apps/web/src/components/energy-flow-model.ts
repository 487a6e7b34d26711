import type { PowerFlow } from '@voltfleet/domain/plants';

/** The four ends of the energy-flow graph; the inverter sits in the middle of them. */
export const FLOW_NODES = ['pv', 'load', 'grid', 'battery'] as const;
export type FlowNode = (typeof FLOW_NODES)[number];

/** Which way a branch carries power: towards the inverter, away from it, or not at all. */
export type FlowDirection = 'in' | 'out' | 'none';

/** A branch as drawn: its direction, the line's width and the time a dot takes to move one dash period. */
export interface FlowBranch {
  node: FlowNode;
  powerW: number | null;
  direction: FlowDirection;
  widthPx: number;
  /** Seconds per dash period; null when nothing moves. */
  periodS: number | null;
}

/**
 * The power field of each node and the sign that means "towards the inverter": PV generates and the load consumes
 * as positive numbers; gridPowerW is positive when importing and batPowerW positive when discharging
 * (packages/domain plant-stats.ts), both of which feed the inverter's bus.
 */
const FIELDS = {
  pv: { field: 'pvPowerW', inwards: 1 },
  load: { field: 'loadPowerW', inwards: -1 },
  grid: { field: 'gridPowerW', inwards: 1 },
  battery: { field: 'batPowerW', inwards: 1 },
} as const satisfies Record<FlowNode, { field: keyof PowerFlow; inwards: 1 | -1 }>;

/** The width of a line that carries nothing, and the widest line: beyond it more power draws no thicker line. */
export const IDLE_WIDTH = 1.5;
export const MAX_WIDTH = 9;
/** The dash period of the moving dots, in viewBox units. */
export const DASH_PERIOD = 14;
const SLOWEST_PERIOD_S = 2;
const FASTEST_PERIOD_S = 0.25;

/**
 * Below half a watt the figure reads "0 W" (lib/number-format.ts scaleTogether, in a graph shown in W): such a branch
 * is drawn idle, so the picture never moves while its number says nothing flows.
 */
export const isFlowing = (w: number | null): w is number => w !== null && Number.isFinite(w) && Math.abs(w) >= 0.5;

/**
 * Decades of power above 10 W, 0 to 6 (10 W … 10 MW): a home battery and a fleet's megawatts both get a visible
 * difference, where a linear scale would draw every home as a hairline next to a large plant.
 */
const decades = (w: number) => Math.min(6, Math.max(0, Math.log10(Math.abs(w) / 10)));

/** Line width in viewBox units: from just above the idle width at a few watts to MAX_WIDTH at 10 MW and beyond. */
export function flowWidth(w: number | null): number {
  if (!isFlowing(w)) return IDLE_WIDTH;
  return IDLE_WIDTH + 1 + ((MAX_WIDTH - IDLE_WIDTH - 1) * decades(w)) / 6;
}

/** Seconds a dot takes for one dash period: slow at a few watts, eight times as fast at 10 MW; null when idle. */
export function flowPeriod(w: number | null): number | null {
  if (!isFlowing(w)) return null;
  const s = SLOWEST_PERIOD_S - ((SLOWEST_PERIOD_S - FASTEST_PERIOD_S) * decades(w)) / 6;
  return Math.round(s * 100) / 100;
}

/** One node's branch: which way its power goes, how thick and how fast. */
export function flowBranch(node: FlowNode, power: PowerFlow): FlowBranch {
  const { field, inwards } = FIELDS[node];
  const reported = power[field] as number | null;
  // A NaN or infinite figure is no reading: it reads "—" like a missing one, never "NaN".
  const w = reported !== null && Number.isFinite(reported) ? reported : null;
  const direction: FlowDirection = !isFlowing(w) ? 'none' : Math.sign(w) === inwards ? 'in' : 'out';
  return { node, powerW: w, direction, widthPx: flowWidth(w), periodS: flowPeriod(w) };
}

/** The words for a branch's direction (energyFlow.state.*): grid and battery say which way; PV and load need not. */
export function flowState(branch: FlowBranch): 'importing' | 'exporting' | 'charging' | 'discharging' | 'idle' | null {
  if (branch.node === 'pv' || branch.node === 'load' || branch.powerW === null) return null;
  if (branch.direction === 'none') return 'idle';
  if (branch.node === 'grid') return branch.direction === 'in' ? 'importing' : 'exporting';
  return branch.direction === 'in' ? 'discharging' : 'charging';
}

/** The spoken sentence of a branch (energyFlow.says.*): e.g. gridImport, batteryIdle, pvNone. */
export function flowSentenceKey(branch: FlowBranch): string {
  if (branch.powerW === null) return `${branch.node}None`;
  const state = flowState(branch);
  if (state === null) return `${branch.node}${branch.direction === 'none' ? 'Idle' : 'On'}`;
  const word = { importing: 'Import', exporting: 'Export', charging: 'Charge', discharging: 'Discharge', idle: 'Idle' };
  return `${branch.node}${word[state]}`;
}

/** The arc length of a state-of-charge ring of `circumference` (0–100 %, clamped; nothing when not reported). */
export function socArc(socPct: number | null, circumference: number): number {
  if (socPct === null || !Number.isFinite(socPct)) return 0;
  return (Math.min(100, Math.max(0, socPct)) / 100) * circumference;
}

/** The ring's colour band: low below 20 %, middling below 50 %. */
export function socBand(socPct: number | null): 'low' | 'mid' | 'high' | 'none' {
  if (socPct === null || !Number.isFinite(socPct)) return 'none';
  return socPct < 20 ? 'low' : socPct < 50 ? 'mid' : 'high';
}
