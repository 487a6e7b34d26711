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

/**
 * How long after its answer an attempt still takes the same request again. The form validates each click before it
 * sends, so on a busy machine the second click of a double click can reach the page after the first one's answer
 * (seen in a journey on two loaded cores: two commands for one double click). A deliberate second send of the same
 * command comes later than this; a changed request always gets a fresh key.
 */
export const DOUBLE_CLICK_MS = 1000;
