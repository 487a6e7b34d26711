// The fault mix of the alarm-ingest benchmark: which device reports which fault codes in which of its readings
// (docs/protocol.md, "Fault codes": `values.faultWord` bit b is device code b + 1, `extra.faultCodes` the codes from
// 33 on). A pure function of the device's index in the fleet and the reading's index, so the load processes (which
// write it into the payloads) and the benchmark (which works out what the alarm rules must make of it) agree.
//
// About 94 % of the devices report faultWord 0 in every reading. The others (by a hash of the index):
//   steady   ≈ 3 %  one fault (sometimes two) in every reading: an alarm raised at the first reading, active to the end
//                   (a faultWord bit, a faultWord bit + `faultCodes` "63", `faultCodes` "1002" no BMS communication,
//                   or `faultCodes` "900", a code no table knows: "unknown code 900")
//   toggling ≈ 2 %  one faultWord bit on for half of a period of 4–16 readings, off for the other half: raised,
//                   recovered, raised again, and after ALARM_FLAP_COUNT raises within the flapping window one
//                   flapping alarm
//   blip     ≈ 1 %  a faultCodes "1001" (grid abnormal) in two single readings: raised, recovered a minute later
//   late     10 devices (every 200th): a fault from the last reading of a phase on (readings 20, 25, 60 and 72 are
//                   the ends of the phases of both engines' plans): the benchmark knows the engine has caught up with
//                   a phase when their alarms are raised
// The simulator's own fault schedule is replaced: every reading states exactly the mix's fault set.

const hash = (i, salt) => {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
};

const STEADY = [
  (i) => ({ faultWord: 2 ** (hash(i, 5) % 32), faultCodes: undefined }),
  (i) => ({ faultWord: 2 ** (hash(i, 5) % 32), faultCodes: '63' }),
  () => ({ faultWord: 0, faultCodes: '1002' }),
  () => ({ faultWord: 0, faultCodes: '900' }),
];
const PERIODS = [4, 6, 10, 16];
/** Indexes of the last readings of the phases (bench/alarm-ingest/run.mjs PLAN: PGlite 20 + 5, PostgreSQL 60 + 12). */
export const PHASE_ENDS = [19, 24, 59, 71];
const CLEAN = { faultWord: 0, faultCodes: undefined };

/** What kind of faults device `i` reports: 'clean', 'steady', 'toggling', 'blip' or 'late'. */
export function deviceKind(i) {
  if (i % 200 === 199) return 'late';
  const h = hash(i, 1) % 1000;
  if (h < 30) return 'steady';
  if (h < 50) return 'toggling';
  if (h < 60) return 'blip';
  return 'clean';
}

/** The fault set reading `k` of device `i` states: `{ faultWord, faultCodes }` (faultCodes undefined: none). */
export function faultsAt(i, k) {
  switch (deviceKind(i)) {
    case 'steady':
      return STEADY[hash(i, 2) % STEADY.length](i);
    case 'toggling': {
      const period = PERIODS[hash(i, 3) % PERIODS.length];
      const on = (k + (hash(i, 4) % period)) % period < period / 2;
      return on ? { faultWord: 2 ** (hash(i, 5) % 32), faultCodes: undefined } : CLEAN;
    }
    case 'blip': {
      const first = 1 + (hash(i, 6) % 10);
      return k === first || k === first + 12 ? { faultWord: 0, faultCodes: '1001' } : CLEAN;
    }
    case 'late':
      return k >= PHASE_ENDS[Math.floor(i / 200) % PHASE_ENDS.length]
        ? { faultWord: 2 ** (hash(i, 5) % 32), faultCodes: undefined }
        : CLEAN;
    default:
      return CLEAN;
  }
}

/** A reading payload (JSON buffer) with the fault set of reading `k` of device `i` in place of the simulator's. */
export function withFaults(payload, i, k) {
  const reading = JSON.parse(payload.toString());
  const { faultWord, faultCodes } = faultsAt(i, k);
  reading.values.faultWord = faultWord;
  const { faultCodes: _drop, ...extra } = reading.extra ?? {};
  if (faultCodes !== undefined) extra.faultCodes = faultCodes;
  if (Object.keys(extra).length > 0) reading.extra = extra;
  else delete reading.extra;
  return Buffer.from(JSON.stringify(reading));
}
