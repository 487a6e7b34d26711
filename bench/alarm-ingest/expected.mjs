// What the alarm rules must make of the fault mix: the domain's own state machine (stepFaults) applied to every
// device's readings in order, with the flapping decision the engine takes against the alarms it has raised (a raise
// after ALARM_FLAP_COUNT alarms of the device and code within the window reopens the newest recovered one). The
// benchmark compares the server's counters and tables with this, so a run that raised nothing, or fell behind,
// shows up as a failed check.
import { ROOT } from '../support.mjs';
import { deviceKind, faultsAt } from './fault-mix.mjs';

const MINUTE_MS = 60_000;

/**
 * Alarms of devices 0 … count - 1 after readings 0 … readings - 1 (one a minute from `startMs`):
 * `{ raised, recovered, reopened, active, flapping }`. `raised` counts new alarms (what the engine counts as raised),
 * `recovered` every recovery (also of an alarm later reopened), `active`/`flapping` the alarms' final states.
 */
export async function expectedAlarms({ count, readings, startMs, rules }) {
  const { readingFaults, stepFaults, trackerRaised } = await import(`${ROOT}/packages/domain/dist/alarms/index.js`);
  const out = { raised: 0, recovered: 0, reopened: 0, active: 0, flapping: 0 };
  for (let i = 0; i < count; i++) {
    if (deviceKind(i) === 'clean') continue;
    const trackers = new Map();
    const alarms = [];
    for (let k = 0; k < readings; k++) {
      const ts = startMs + k * MINUTE_MS;
      const { faultWord, faultCodes } = faultsAt(i, k);
      for (const action of stepFaults(trackers, ts, readingFaults(faultWord, faultCodes).faults, rules)) {
        if (action.kind === 'recover') {
          const alarm = alarms[action.alarmId];
          if (alarm.state === 'active') {
            alarm.state = 'recovered';
            out.recovered += 1;
          }
        } else if (action.kind === 'raise') {
          const same = alarms.filter((a) => a.code === action.code);
          const inWindow = same.filter((a) => a.raisedAt >= action.at - rules.flapWindowMs).length;
          const newest = same.filter((a) => a.state === 'recovered').at(-1);
          if (inWindow >= rules.flapCount && newest && !same.some((a) => a.state === 'active')) {
            newest.state = 'active';
            newest.flapping = true;
            trackerRaised(trackers, action.code, newest.id, true);
            out.reopened += 1;
            continue;
          }
          const alarm = { id: alarms.length, code: action.code, raisedAt: action.raisedAt, state: 'active' };
          alarms.push(alarm);
          trackerRaised(trackers, action.code, alarm.id, false);
          out.raised += 1;
        }
      }
    }
    out.active += alarms.filter((a) => a.state === 'active').length;
    out.flapping += alarms.filter((a) => a.flapping).length;
  }
  return out;
}
