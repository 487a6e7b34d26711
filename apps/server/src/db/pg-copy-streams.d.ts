// pg-copy-streams ships no types; this is the part the server uses.
declare module 'pg-copy-streams' {
  import type { Writable } from 'node:stream';
  import type { Submittable } from 'pg';

  /** A `COPY … FROM STDIN` query: pass it to `client.query`, write the input, end it; 'finish' after the commit of the COPY. */
  export function from(sql: string): Writable & Submittable;
}
