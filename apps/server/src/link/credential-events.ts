import { EventEmitter } from 'node:events';

/**
 * In-process notice that a device's link secret was replaced (rotation): the broker of this process ends the
 * device's open session, so the old secret stops working at once, not only at the next login.
 */
export const linkCredentialEvents = new EventEmitter<{ replaced: [sn: string] }>();
