import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { LiveHub, sessionViewer } from './live.hub.js';

const caller: Caller = {
  id: 7,
  username: 'u',
  path: '/1/7/',
  level: 1,
  roleId: 1,
  permissions: new Set(),
  approved: true,
  tokenHash: 'h',
};

/** A tab: records how it was closed. */
function tab() {
  const closed: [number, string][] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    on: () => undefined,
    send: () => undefined,
    close: (code: number, reason: string) => void closed.push([code, reason]),
    terminate: () => undefined,
  } as unknown as WebSocket;
  return { socket, closed };
}

/** A database that answers the visible-devices query and fails or answers the session check as told. */
function db(session: 'alive' | 'ended' | 'fails'): Db {
  return {
    query: async (sql: string) => {
      if (!sql.includes('FROM sessions')) return { rows: [] };
      if (session === 'fails') throw new Error('connection terminated');
      return { rows: session === 'alive' ? [{ '?column?': 1 }] : [] };
    },
  } as unknown as Db;
}

describe('live hub session checks', () => {
  it.each([
    ['alive', []],
    ['ended', [[4401, 'session ended']]],
    ['fails', [[1011, 'session check failed']]],
  ] as const)('a tab whose session is %s', async (session, expected) => {
    const warnings: string[] = [];
    const hub = new LiveHub(db(session), { warn: (_o, msg) => void warnings.push(msg), error: () => undefined });
    const { socket, closed } = tab();
    await hub.attach(socket, sessionViewer(caller));
    await hub.refreshAll();
    expect(closed).toEqual(expected);
    expect(hub.size).toBe(expected.length === 0 ? 1 : 0);
    if (session === 'fails') expect(warnings).toEqual(['live: session check failed; closing the tab']);
  });
});
