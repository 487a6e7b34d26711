// What the Alarm Center journey reads through the API: the demo fleet's alarms, waited for until the engine has
// raised some (the simulator's standing and recurring faults, debounced for ALARM_DEBOUNCE_SECONDS).
import type { Journey } from './journey.js';

/** One alarm as GET /api/alarms lists it (the fields the journey reads). */
export interface ListedAlarm {
  id: number;
  code: string;
  name: string;
  severity: 'critical' | 'major' | 'minor' | 'warning';
  state: 'active' | 'recovered';
  deviceId: number;
  sn: string;
  plantId: number | null;
  plantName: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
}

export interface AlarmPage {
  items: ListedAlarm[];
  total: number;
}

/** A fresh demo fleet raises its first alarms a minute or two after start (debounce plus the first reports). */
export const FIRST_ALARM_MS = 240_000;

export function listAlarms(journey: Journey, query: string): Promise<AlarmPage> {
  return journey.api.call<AlarmPage>('GET', `/api/alarms?${query}`, { token: journey.admin });
}

/** Waits until the demo fleet has an alarm matching `query`, and returns the newest. */
export async function waitForAlarm(journey: Journey, query: string): Promise<ListedAlarm> {
  const deadline = Date.now() + FIRST_ALARM_MS - 10_000;
  for (;;) {
    const { items } = await listAlarms(journey, query);
    const found = items.find((a) => a.plantId !== null);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no demo alarm matches ${query} yet`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

/** The rows of a CSV text: quoted fields with doubled quotes, the separator (comma or semicolon) from its header. */
export function csvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const header = body.split(/\r?\n/, 1)[0] ?? '';
  const sep = header.includes(';') && !header.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === sep) {
      endField();
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell !== ''));
}
