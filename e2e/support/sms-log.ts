import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An SMS as the log provider wrote it to the server's log. */
export interface LoggedSms {
  to: string;
  text: string;
}

/** The SMS lines of a pino log: the log provider writes `{ to, text, msg: "sms (log provider)" }`. */
export function smsInLog(output: string): LoggedSms[] {
  const found: LoggedSms[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('sms (log provider)')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; to?: string; text?: string };
      if (entry.msg === 'sms (log provider)' && entry.to && entry.text) found.push({ to: entry.to, text: entry.text });
    } catch {
      // a line that only mentions it (not a log entry of the provider)
    }
  }
  return found;
}

/**
 * A loopback endpoint listing the SMS the server's log provider has "sent" so far: the journeys run in another
 * process than the global setup, which holds the server's output.
 */
export async function startSmsLog(output: () => string): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(smsInLog(output())));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

/** What the log SMS provider has sent so far. */
export async function receivedSms(smsLogUrl: string): Promise<LoggedSms[]> {
  return (await fetch(smsLogUrl)).json() as Promise<LoggedSms[]>;
}
