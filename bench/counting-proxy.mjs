// A proxy in front of an API that counts the requests through it by method and path: how the bulk bench
// and tests/e2e/bulk-requests.test.ts (through tests/helpers/counting-proxy.ts) count requests per item.
import { createServer, request } from 'node:http';

/** `METHOD path` of a request, without its query, a number in the path as `{id}`. */
const routeOf = (req) =>
  `${req.method ?? 'GET'} ${new URL(req.url ?? '/', 'http://proxy.invalid').pathname.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;

/**
 * Starts a node:http proxy on an ephemeral port of 127.0.0.1 that forwards every request to `target`
 * as it came (headers, body) and counts it.
 *
 * @example
 * const proxy = await countingProxy(sandbox.url);
 * proxy.counts().get('POST /superuser/invoices/{id}/paid') // 12
 *
 * With `options.rewrite`, each JSON answer is parsed and replaced by what it returns (given the route and
 * the body): how a test plants a field the client does not expect. With `options.hold`, each request is first
 * given to it (the route and how many times that route has been asked for, this one included), and is
 * forwarded once what it returns settles: how a test holds a reply to stop the client mid-conversation.
 */
export async function countingProxy(target, options = {}) {
  const base = new URL(target);
  const counts = new Map();
  const server = createServer(async (req, res) => {
    const route = routeOf(req);
    counts.set(route, (counts.get(route) ?? 0) + 1);
    await options.hold?.(route, counts.get(route));
    const upstream = request(
      {
        hostname: base.hostname,
        port: base.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: base.host },
      },
      (answer) => {
        const json = String(answer.headers['content-type'] ?? '').includes('json');
        if (options.rewrite === undefined || !json) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.from(
            JSON.stringify(options.rewrite(route, JSON.parse(Buffer.concat(chunks).toString('utf8')))),
          );
          const { 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': body.length });
          res.end(body);
        });
      },
    );
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
