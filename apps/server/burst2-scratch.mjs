import { createServer } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
const N = Number(process.argv[2] ?? 50000);
const conc = process.argv[3] === undefined || process.argv[3] === 'd' ? undefined : Number(process.argv[3]);
const broker = await Aedes.createBroker(conc === undefined ? {} : { concurrency: conc });
process.on('uncaughtException', (e) => { console.log('UNCAUGHT', e.message, e.stack.split('\n').slice(1,6).join('|')); process.exit(2); });
const server = createServer(broker.handle);
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;
const sub = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: 'sub' });
let got = 0;
sub.on('message', () => got++);
await sub.subscribeAsync('load/#', { qos: 0 });
const pubs = await Promise.all(Array.from({ length: 10 }, (_, i) => mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: 'p' + i })));
const t0 = Date.now();
// server-side: fill the concurrency slots with async deliveries, then flood unsubscribed topics
for (let round = 0; round < 20; round++) {
  for (let i = 0; i < 300; i++) broker.publish({ topic: 'load/x', payload: Buffer.from('y'), qos: 0, retain: false, cmd: 'publish', dup: false }, () => {});
  for (let i = 0; i < N / 20; i++) pubs[i % pubs.length].publish('none/x', 'x'.repeat(60), { qos: 0 });
  await new Promise((r) => setImmediate(r));
}
await new Promise((r) => setTimeout(r, 4000));
console.log(N, 'conc', conc, 'got', got, 'ms', Date.now() - t0, 'queue', broker.mq.length);
process.exit(0);
