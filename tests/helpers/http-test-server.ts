import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request as the test server received it, body read in full. */
export interface ReceivedRequest {
  readonly method: string;
  /** Path and query, as sent (`/resources/search?take=10`). */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The client's port: requests on one kept-alive socket share it. */
  readonly remotePort: number | undefined;
}

export type TestHandler = (
  request: ReceivedRequest,
  response: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface HttpTestServer {
  /** Base URL ending in `/`. */
  readonly url: string;
  /** Every request received so far, in order. */
  readonly requests: readonly ReceivedRequest[];
  /** Replaces the handler (for one test in a shared server). */
  setHandler(handler: TestHandler): void;
  close(): Promise<void>;
}

/**
 * Starts a node:http server on 127.0.0.1, on an ephemeral port, that reads each request body and hands
 * it to `handler`. Close it in afterAll.
 *
 * @example
 * const server = await startHttpTestServer((req, res) => sendJson(res, 200, { ok: true }));
 * // ... server.url
 * await server.close();
 */
export async function startHttpTestServer(handler: TestHandler): Promise<HttpTestServer> {
  let current = handler;
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request: ReceivedRequest = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks),
        remotePort: raw.socket.remotePort,
      };
      requests.push(request);
      Promise.resolve(current(request, response, raw)).catch((error: unknown) => {
        response.statusCode = 599;
        response.end(String(error));
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    setHandler(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Answers with a JSON body, a status and extra headers.
 *
 * @example
 * sendJson(res, 422, { error: 'Invalid', errors: { name: 'required' } }, { 'x-request-id': 'r1' });
 */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A port that nothing listens on: bound by a server that is then closed.
 *
 * @example
 * const url = `http://127.0.0.1:${await closedPort()}/`; // connections are refused
 */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
