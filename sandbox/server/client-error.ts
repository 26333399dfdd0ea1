import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorReply } from './errors-shape.js';
import { withBase } from './pipeline.js';

function refusal(code: string | undefined): { status: number; error: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      error: 'Request header fields too large',
      message: `The request's headers are larger than the ${maxHeaderSize / 1024} KiB the sandbox accepts`,
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, error: 'Request timeout', message: 'The request did not arrive in time' };
  return { status: 400, error: 'Bad request', message: 'The request is not valid HTTP' };
}

/**
 * Answers what Node refuses before any route sees it (headers too large, a malformed request, a request
 * that never finished) in the platform's error shape with the error reference, like every other error,
 * then closes the connection. Listens to the HTTP server's `clientError`.
 *
 * @example
 * server.on('clientError', clientErrorHandler(state.nextRequestId));
 */
export function clientErrorHandler(
  nextRequestId: () => string,
): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, error: label, message } = refusal(error.code);
    const reply = withBase(errorReply(status, label, message), nextRequestId());
    if (reply.kind !== 'json') return;
    const body = JSON.stringify(reply.body);
    const headers = {
      ...reply.headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? label}\r\n${head}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}
