// Process figures for the ingest benchmark, read from /proc: CPU ticks of a process and of a PostgreSQL cluster,
// RSS, and the percentiles of latency lists.
import { readdirSync, readFileSync } from 'node:fs';
import { round } from '../support.mjs';

const CLK_TCK = 100;
const epochMs = () => performance.timeOrigin + performance.now();

export function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU ticks of our PostgreSQL cluster: its postmaster and every process it started (other clusters left out). */
export function postgresTicks(postmaster) {
  let ticks = procStat(postmaster)?.ticks ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat?.ppid === postmaster) ticks += stat.ticks;
  }
  return ticks;
}

/**
 * CPU (% of one core) of `pid` and of the PostgreSQL cluster of `postmaster` (if any), and peak RSS of `pid`, from
 * now until `stop()`.
 */
export function sample(pid, postmaster) {
  const withPostgres = postmaster !== undefined;
  const t0 = epochMs();
  const cpu0 = procStat(pid)?.ticks ?? 0;
  const pg0 = withPostgres ? postgresTicks(postmaster) : 0;
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  return () => {
    clearInterval(timer);
    const seconds = (epochMs() - t0) / 1000;
    const pct = (ticks) => round((ticks / CLK_TCK / seconds) * 100);
    return {
      cpuPct: pct((procStat(pid)?.ticks ?? cpu0) - cpu0),
      ...(withPostgres ? { postgresCpuPct: pct(postgresTicks(postmaster) - pg0) } : {}),
      rssPeakMb: round(Math.max(peak, rssMb(pid))),
    };
  };
}

/**
 * CPU time of the measured process per reading (µs): unlike readings/s it hardly changes when other work on the
 * machine takes cores away, so it compares builds and pipelines on a busy machine.
 */
export function cpuPerReading(usage, seconds, readings) {
  return round(((usage.cpuPct / 100) * seconds * 1e6) / readings, 1);
}

export function percentile(sorted, p) {
  return sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))], 1) : null;
}

/** Median and worst of repeated measurements (null and undefined for failed runs left out), and the runs in order. */
export function medianWorst(values) {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return sorted.length ? { median: percentile(sorted, 0.5), worst: sorted.at(-1), runs: values } : null;
}
