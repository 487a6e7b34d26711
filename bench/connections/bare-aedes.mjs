// The anchor broker of the connections benchmark, a process of its own like the server: Aedes as it comes, with the
// same delivery setting as ours (no mqemitter concurrency limit) and nothing else: no authentication, no ACL, no
// subscriber, no database. A PUBACK goes out on receipt. `node bare-aedes.mjs <port>`; prints "listening" when ready.
import { createServer } from 'node:net';
import { Aedes } from 'aedes';

const port = Number(process.argv[2]);
const aedes = await Aedes.createBroker({ concurrency: 0 });
const server = createServer((socket) => {
  socket.setNoDelay(true);
  aedes.handle(socket);
});
server.listen(port, '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => aedes.close(() => server.close(() => process.exit(0))));
