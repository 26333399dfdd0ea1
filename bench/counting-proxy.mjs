// A proxy in front of an API that counts the requests through it by method and path: how the bulk bench
// and tests/e2e/bulk-requests.test.ts (through tests/helpers/counting-proxy.ts) count requests per item.
import { createServer, request } from 'node:http';

/** `METHOD path` of a request, without its query, a number in the path as `{id}`. */
const routeOf = (req) => `${req.method ?? 'GET'} ${new URL(req.url ?? '/', 'http://proxy.invalid').pathname.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;

/**
 * Starts a node:http proxy on an ephemeral port of 127.0.0.1 that forwards every request to `target`
 * as it came (headers, body) and counts it.
 *
 * @example
 * const proxy = await countingProxy(sandbox.url);
 * proxy.counts().get('POST /superuser/invoices/{id}/paid') // 12
 */
export async function countingProxy(target) {
  const base = new URL(target);
  const counts = new Map();
  const server = createServer((req, res) => {
    const route = routeOf(req);
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const upstream = request({ hostname: base.hostname, port: base.port, path: req.url, method: req.method, headers: { ...req.headers, host: base.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    counts: () => new Map(counts),
    reset: () => counts.clear(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
