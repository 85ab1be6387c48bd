/**
 * The yardstick of `npm run bench:load`: a bare Fastify route answering a small JSON body, started
 * the same way as the server under test (node --import tsx, its own process, loopback, no logger),
 * so the ratio of a Docent route to it is what Docent adds to the framework on this machine.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
