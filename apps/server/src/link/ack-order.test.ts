import { describe, expect, test } from 'vitest';
import { AckQueue, OrderedCallbacks } from './ack-order.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('OrderedCallbacks', () => {
  test('calls back in arrival order per key, whatever order the work finishes in', async () => {
    const ordered = new OrderedCallbacks<object>();
    const key = {};
    const other = {};
    const calls: string[] = [];
    const [w1, w2, w3] = [deferred(), deferred(), deferred()];
    ordered.run(key, w1.promise, (err) => calls.push(`1${err ? '!' : ''}`));
    ordered.run(key, w2.promise, (err) => calls.push(`2${err ? '!' : ''}`));
    ordered.run(other, w3.promise, () => calls.push('other'));
    w3.resolve();
    w2.reject(new Error('no'));
    await flush();
    expect(calls).toEqual(['other']);
    w1.resolve();
    await flush();
    expect(calls).toEqual(['other', '1', '2!']);
  });
});

describe('AckQueue', () => {
  test('acks in arrival order once each message and all before it are done', async () => {
    const sent: number[] = [];
    const queue = new AckQueue(
      (id) => sent.push(id),
      () => sent.push(-1),
    );
    const [w1, w2, w3] = [deferred(), deferred(), deferred()];
    queue.add(11, w1.promise);
    queue.add(12, w2.promise);
    queue.add(13, w3.promise);
    w3.resolve();
    w2.resolve();
    await flush();
    expect(sent).toEqual([]);
    w1.resolve();
    await flush();
    expect(sent).toEqual([11, 12, 13]);
    expect(queue.pending).toBe(0);
  });

  test('a failure stops acking at that message and reports once', async () => {
    const sent: number[] = [];
    const failures: string[] = [];
    const queue = new AckQueue(
      (id) => sent.push(id),
      (err) => failures.push(err.message),
    );
    const [w1, w2, w3] = [deferred(), deferred(), deferred()];
    queue.add(1, w1.promise);
    queue.add(2, w2.promise);
    queue.add(3, w3.promise);
    w1.resolve();
    w2.reject(new Error('rolled back'));
    w3.resolve();
    await flush();
    expect(sent).toEqual([1]);
    expect(failures).toEqual(['rolled back']);
  });

  test('messages of a connection that was reset are never acked', async () => {
    const sent: number[] = [];
    const queue = new AckQueue(
      (id) => sent.push(id),
      () => undefined,
    );
    const w1 = deferred();
    queue.add(1, w1.promise);
    queue.reset();
    queue.add(1, Promise.resolve());
    w1.resolve();
    await flush();
    expect(sent).toEqual([1]);
    expect(queue.pending).toBe(0);
  });
});
