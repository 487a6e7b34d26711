/** One send of the command form: its idempotency key and the request it was made for. */
export interface Attempt {
  readonly key: string;
  readonly request: string;
}

/**
 * The attempt for sending `request`: the unanswered one when the same request goes again before its answer (a
 * double click sends once), a fresh key for anything else.
 */
export function attemptFor(pending: Attempt | null, request: object, freshKey: () => string): Attempt {
  const signature = JSON.stringify(request);
  return pending?.request === signature ? pending : { key: freshKey(), request: signature };
}
