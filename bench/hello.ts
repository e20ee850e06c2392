/** The ceiling of this machine: a bare Fastify answering a small JSON, started by `npm run bench`. */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3391);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
