// The baseline of the throughput bench: Fastify with default options and one route answering constant
// JSON. Prints its URL on stderr, like the sandbox; stops on SIGTERM.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const BODY = { status: 'ok', items: [1, 2, 3] };
app.get('/bare', async () => BODY);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stderr.write(`bare server listening at ${address}/\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
