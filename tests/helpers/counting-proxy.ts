import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A proxy in front of an API that counts the requests through it by method and path. */
export interface CountingProxy {
  /** Where to point the CLI: `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** Requests by `METHOD path` (no query), since the last reset; a number in the path is `{id}`. */
  counts(): Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

const routeOf = (req: IncomingMessage) => `${req.method ?? 'GET'} ${new URL(req.url ?? '/', 'http://proxy.invalid').pathname.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;

/**
 * Starts a node:http proxy on an ephemeral port of 127.0.0.1 that forwards every request to `target`
 * as it came (headers, body) and counts it.
 *
 * @example
 * const proxy = await countingProxy(sandbox.url);
 * proxy.counts().get('POST /superuser/invoices/{id}/paid') // 12
 */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const base = new URL(target);
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const route = routeOf(req);
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const upstream = request({ hostname: base.hostname, port: base.port, path: req.url, method: req.method, headers: { ...req.headers, host: base.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    counts: () => new Map(counts),
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
