// The ingest benchmark's paired runs summed up: ours and the anchor ran next to each other in each pair, so a drift of
// the machine's load over the whole run cancels out in each pair's ratio; the target is judged on their median.
import { median, round } from '../support.mjs';

const best = (list) => list.reduce((a, b) => (b.readingsPerS > a.readingsPerS ? b : a));

/** `reps`: [{ ours, anchor, ratio, loadAverage1m }] (runs as measureOurs and measureAnchor return them). */
export function summarisePairs(reps, target) {
  const ours = best(reps.map((r) => r.ours));
  const anchor = best(reps.map((r) => r.anchor));
  const ratios = reps.map((r) => r.ratio);
  const pairedMedian = round(median(ratios), 2);
  const cpu = (side) => round(median(reps.map((r) => r[side].cpuUsPerReading)), 1);
  const checksOk = reps.every((r) => r.ours.check.ok && r.anchor.check.ok);
  return {
    ours,
    anchor,
    // The target: the median over the pairs of ours ÷ anchor (two runs next to each other).
    oursVsAnchorPairedMedian: pairedMedian,
    oursVsAnchorByPair: ratios,
    oursVsAnchor: round(ours.readingsPerS / anchor.readingsPerS, 2),
    cpuUsPerReading: { ours: cpu('ours'), anchor: cpu('anchor'), oursVsAnchor: round(cpu('ours') / cpu('anchor'), 2) },
    repetitions: reps.map((r) => ({
      ours: r.ours.readingsPerS,
      anchor: r.anchor.readingsPerS,
      oursVsAnchor: r.ratio,
      oursCpuUsPerReading: r.ours.cpuUsPerReading,
      anchorCpuUsPerReading: r.anchor.cpuUsPerReading,
      loadAverage1m: r.loadAverage1m,
    })),
    checksOk,
    targets: { oursVsAnchorPairedMedian: target, met: pairedMedian >= target && checksOk },
  };
}
