import type { ServerResponse } from 'node:http';

/** What `edshed sandbox start --log` writes: one JSON line per request as it arrives and as it is answered, one per failure. */
export interface RequestLog {
  /** Logs the request now and its answer (status, milliseconds) when the response is sent or dropped. */
  arrived(requestId: string, method: string, url: string, res: ServerResponse): void;
  /** Logs a failure the sandbox answered with a 5xx. */
  failed(error: unknown): void;
}

/**
 * A request log of JSON lines on `out`, in the field names of pino (the log format of Node's servers),
 * so log tools read it as they read any Node server's: `level` 30 info and 50 error, `time` in ms,
 * `reqId`, `msg`.
 *
 * @example
 * const log = createRequestLog(process.stdout);
 * log.arrived('req_1', 'POST', '/notes', res);
 * // {"level":30,"time":1795...,"reqId":"req_1","req":{"method":"POST","url":"/notes"},"msg":"incoming request"}
 */
export function createRequestLog(out: { write(line: string): unknown }): RequestLog {
  const line = (fields: Record<string, unknown>): void => {
    out.write(`${JSON.stringify({ level: 30, time: Date.now(), ...fields })}\n`);
  };
  return {
    arrived(requestId, method, url, res) {
      const started = performance.now();
      line({ reqId: requestId, req: { method, url }, msg: 'incoming request' });
      res.once('close', () => {
        const responseTime = Math.round((performance.now() - started) * 100) / 100;
        line({
          reqId: requestId,
          res: { statusCode: res.writableFinished ? res.statusCode : null },
          responseTime,
          msg: res.writableFinished ? 'request completed' : 'connection closed before the answer',
        });
      });
    },
    failed(error) {
      const err =
        error instanceof Error
          ? { type: error.name, message: error.message, stack: error.stack }
          : { message: String(error) };
      line({ level: 50, err, msg: err.message });
    },
  };
}
