import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Recorded Open-Meteo answers (the format of https://api.open-meteo.com/v1/forecast with daily=… and timezone=…),
// replayed by a local HTTP server so tests and journeys see real provider traffic without the internet.
const FIXTURE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'weather-fixtures');

/** How the server answers: a recorded forecast, or one of the failures the provider must survive. */
export type FixtureMode = 'fixture' | 'http-error' | 'malformed' | 'invalid' | 'slow';

interface Recording {
  file: string;
  latitude: number;
  longitude: number;
  body: { daily: Record<string, unknown[]>; hourly?: Record<string, unknown[]> } & Record<string, unknown>;
}

export interface WeatherFixtureServer {
  /** The forecast endpoint to use as WEATHER_URL. */
  url: string;
  mode: FixtureMode;
  /** Serve this file instead of the recording nearest to the requested location. */
  file: string | undefined;
  /**
   * Shift the recorded dates so the first forecast day is today in the requested zone (off: serve them verbatim).
   * A recording with past days (an hourly part) has three forecast days at its end; the past days keep their places
   * before today.
   */
  shiftDates: boolean;
  /** Serve this answer (already in Open-Meteo's format, dated as it is) instead of a recording. */
  body: unknown;
  /** Query strings of every request received. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

function loadRecordings(): Recording[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((file) => {
      const body = JSON.parse(readFileSync(path.join(FIXTURE_DIR, file), 'utf8')) as Recording['body'];
      return { file, latitude: Number(body.latitude), longitude: Number(body.longitude), body };
    });
}

/** Today's date in an IANA zone as YYYY-MM-DD (UTC for a zone Intl does not know). */
function todayIn(timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format();
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

function shiftDate(value: unknown, days: number): unknown {
  if (typeof value !== 'string') return value;
  const at = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10) + value.slice(10);
}

function replay(recording: Recording, timeZone: string, shift: boolean): unknown {
  const times = recording.body.daily.time ?? [];
  const hourly = recording.body.hourly;
  // The recorded "today": the first day, or the first of the last three when the recording has past days.
  const first = String(times[hourly ? Math.max(0, times.length - 3) : 0] ?? '');
  if (!shift || !first) return recording.body;
  const days = Math.round((Date.parse(todayIn(timeZone)) - Date.parse(first)) / 86_400_000);
  const daily = { ...recording.body.daily };
  for (const key of ['time', 'sunrise', 'sunset']) daily[key] = daily[key]?.map((v) => shiftDate(v, days)) ?? [];
  if (!hourly) return { ...recording.body, daily };
  return { ...recording.body, daily, hourly: { ...hourly, time: hourly.time?.map((v) => shiftDate(v, days)) ?? [] } };
}

function nearest(recordings: Recording[], lat: number, lon: number): Recording {
  // Incomplete recordings (with null days) and the performance fixture are only served when a test asks for them.
  const complete = recordings.filter((r) => !r.file.includes('partial') && !r.body.hourly);
  const distance = (r: Recording) => (r.latitude - lat) ** 2 + (r.longitude - lon) ** 2;
  return complete.reduce((best, r) => (distance(r) < distance(best) ? r : best));
}

/** Starts the fixture server on 127.0.0.1 (a free port). */
export async function startWeatherFixtureServer(options: { slowMs?: number } = {}): Promise<WeatherFixtureServer> {
  const recordings = loadRecordings();
  const sockets = new Set<Socket>();
  const state: Omit<WeatherFixtureServer, 'url' | 'close'> = {
    mode: 'fixture',
    file: undefined,
    shiftDates: true,
    body: undefined,
    requests: [],
  };
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://fixture').searchParams;
    state.requests.push(query);
    const send = (status: number, text: string) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(text);
    };
    if (state.mode === 'http-error') return send(503, '{"error":true,"reason":"Service temporarily unavailable"}');
    if (state.mode === 'malformed') return send(200, '{"latitude": 50.08, "daily": {"time": ["2025-06-');
    if (state.mode === 'invalid') return send(200, '{"latitude": 50.08, "longitude": 14.44, "hourly": {}}');
    if (state.mode === 'slow') {
      setTimeout(() => send(200, '{}'), options.slowMs ?? 5000).unref();
      return undefined;
    }
    if (state.body !== undefined) return send(200, JSON.stringify(state.body));
    const recording = state.file
      ? recordings.find((r) => r.file === state.file)
      : nearest(recordings, Number(query.get('latitude')), Number(query.get('longitude')));
    if (!recording) return send(404, '{"error":true,"reason":"no such fixture"}');
    return send(200, JSON.stringify(replay(recording, query.get('timezone') ?? 'UTC', state.shiftDates)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1/forecast`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
