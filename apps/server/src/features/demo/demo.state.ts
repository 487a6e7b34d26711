import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HistoryPlan } from './demo.history.js';

/**
 * The demo history's progress, kept in `<dataDir>/demo.json` beside the demo's credentials. That file is written
 * afresh whenever the demo is seeded into a fresh database, so this state always belongs to the database in use
 * (and needs no table): no entry means no history was started for it.
 */
export interface HistoryState extends HistoryPlan {
  days: number;
  /**
   * The recent part (from `recentFromMs`, seeded first): simulated time up to which every reading of it is committed
   * (an interrupted run resumes here).
   */
  recentUntil: number;
  /** Set once the recent part reached the wall clock and the fleet went live. */
  liveAt?: string;
  /** The older part (from `startMs` to `recentFromMs`, seeded after the fleet went live): its checkpoint. */
  committedUntil: number;
  /** Set once the whole history is written (and the older part's alarms): it is never seeded again. */
  completedAt?: string;
  /** Set once the history's earnings are priced (plant_earnings_day). */
  pricedAt?: string;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'demo.json');

async function readDemoFile(dataDir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(fileOf(dataDir), 'utf8')) as Record<string, unknown>;
}

export async function readHistoryState(dataDir: string): Promise<HistoryState | undefined> {
  const history = (await readDemoFile(dataDir)).history as
    (Omit<HistoryState, 'recentUntil'> & { recentUntil?: number }) | undefined;
  if (!history || !Number.isFinite(history.startMs)) return undefined;
  if (history.recentUntil !== undefined) return { ...history, recentUntil: history.recentUntil };
  // Written before the recent week was seeded first: one checkpoint, from the start on.
  return {
    ...history,
    recentUntil: Math.max(history.recentFromMs, history.committedUntil),
    committedUntil: Math.min(history.recentFromMs, history.committedUntil),
  };
}

/** Replaces one entry of demo.json atomically (a new file renamed over the old, mode 600). */
async function writeDemoEntry(dataDir: string, key: string, value: unknown): Promise<void> {
  const file = fileOf(dataDir);
  const next = { ...(await readDemoFile(dataDir)), [key]: value };
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(next, null, 2), { mode: 0o600 });
  await rename(temp, file);
}

/** Replaces the history entry of demo.json. */
export async function writeHistoryState(dataDir: string, state: HistoryState): Promise<void> {
  await writeDemoEntry(dataDir, 'history', state);
}

/** When the demo's firmware catalogue was seeded into this database, if it was. */
export async function firmwareSeededAt(dataDir: string): Promise<string | undefined> {
  const at = (await readDemoFile(dataDir)).firmwareSeededAt;
  return typeof at === 'string' ? at : undefined;
}

/** Records that the demo's firmware catalogue is seeded: a later start leaves the catalogue to its users. */
export async function markFirmwareSeeded(dataDir: string, at: Date): Promise<void> {
  await writeDemoEntry(dataDir, 'firmwareSeededAt', at.toISOString());
}

/**
 * The demo world's "now" at its first start: the end of the history it planned. The demo's losses are placed
 * relative to it (a string lost ten days before, demoFleetConfig's `nowMs`), so every later start, and every part of
 * the seeding, sees them at the same instants.
 */
export function demoAnchorMs(state: Pick<HistoryState, 'startMs' | 'days'> | undefined): { nowMs?: number } {
  return state ? { nowMs: state.startMs + state.days * 86_400_000 } : {};
}
