// The api benchmark's anchor: a bare Fastify route in a process of its own on the same machine, answering a small
// JSON (no database, no session, no schema): what one HTTP round trip through Node and Fastify costs here, under the
// same load generator at the same rate. Run as `node bench/api/anchor.mjs <port>`; prints "ready" when listening.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/anchor', async () => ({ code: 0, msg: 'ok', data: { id: 1, name: 'anchor', value: 42.5 } }));
await app.listen({ host: '127.0.0.1', port });
console.log('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
