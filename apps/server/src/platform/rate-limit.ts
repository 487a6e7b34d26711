import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * A fixed-window counter per key, in this process. Good enough for cheap public endpoints (captcha, public key);
 * login attempts are counted in the database instead, so every process sees them.
 */
export function rateLimiter(options: {
  max: number;
  windowMs: number;
  /** What is counted: the client address by default; a signed-in route may count per user instead. */
  key?: (request: FastifyRequest) => string;
}) {
  const windows = new Map<string, { start: number; count: number }>();
  const keyOf = options.key ?? ((request: FastifyRequest) => request.ip);
  return async function limit(request: FastifyRequest): Promise<void> {
    const now = Date.now();
    const key = keyOf(request);
    let w = windows.get(key);
    if (!w || now - w.start >= options.windowMs) {
      if (windows.size > 10_000) windows.clear(); // bounded memory under a flood of addresses
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > options.max) throw new AppError('rate_limited', 'error.rateLimited');
  };
}
