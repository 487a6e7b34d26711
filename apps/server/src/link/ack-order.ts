/**
 * MQTT wants a receiver's PUBACKs in the order the PUBLISHes arrived, while commits may finish in any order. These two
 * helpers let work run concurrently (so readings of one client can share a batch) and release the acks in order.
 */

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** Per key (an Aedes client), calls each `done` once its work and every earlier work of that key have settled. */
export class OrderedCallbacks<K extends object> {
  private readonly tails = new WeakMap<K, Promise<unknown>>();

  run(key: K, work: Promise<void>, done: (err?: Error) => void): void {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const tail = Promise.allSettled([previous, work]).then(([, result]) => {
      if (result.status === 'fulfilled') done();
      else done(asError(result.reason));
    });
    this.tails.set(key, tail);
  }
}

interface Entry {
  messageId: number;
  state: 'pending' | 'done' | 'failed';
  error?: Error;
}

/**
 * A subscriber's in-flight QoS 1 messages in arrival order: `send` is called for a message's PUBACK once its work and
 * all earlier work succeeded. A failure stops acking and reports once (the caller reconnects, and the broker
 * redelivers everything unacknowledged); `reset` forgets messages of a connection that is gone.
 */
export class AckQueue {
  private entries: Entry[] = [];

  constructor(
    private readonly send: (messageId: number) => void,
    private readonly onFailure: (err: Error) => void,
  ) {}

  get pending(): number {
    return this.entries.length;
  }

  add(messageId: number, work: Promise<void>): void {
    const entry: Entry = { messageId, state: 'pending' };
    const list = this.entries;
    list.push(entry);
    work.then(
      () => this.settle(list, entry, 'done'),
      (err: unknown) => this.settle(list, entry, 'failed', asError(err)),
    );
  }

  reset(): void {
    this.entries = [];
  }

  private settle(list: Entry[], entry: Entry, state: Entry['state'], error?: Error): void {
    // A reset replaced the list: this message belongs to a closed connection and will be redelivered.
    if (list !== this.entries) return;
    entry.state = state;
    if (error) entry.error = error;
    while (list[0] && list[0].state !== 'pending') {
      const head = list[0];
      if (head.state === 'failed') {
        this.entries = [];
        this.onFailure(head.error ?? new Error('message not stored'));
        return;
      }
      list.shift();
      this.send(head.messageId);
    }
  }
}
