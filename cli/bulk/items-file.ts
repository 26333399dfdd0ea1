import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import { METHODS, type Method } from '../../core/endpoints/define.js';
import { physicalLines } from './lines.js';

/** What a run sends for one item: the request built and checked from its row, without the key. */
export interface BulkRequest {
  readonly method: Method;
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/** One item of a run: its index (the row's position among the file's rows, from 0), line and request. */
export interface BulkItem {
  readonly index: number;
  readonly line: number;
  readonly request: BulkRequest;
}

const itemSchema = z.object({
  index: z.number().int().nonnegative(),
  line: z.number().int().positive(),
  method: z.enum(METHODS),
  path: z.string(),
  query: z.record(z.string(), z.unknown()).optional(),
  body: z.unknown().optional(),
});

/** Appends items as JSON lines to a file being written (backpressure respected), then `close` (once or more). */
export interface ItemsWriter {
  write(item: BulkItem): Promise<void>;
  close(): Promise<void>;
}

/**
 * Writes a run's items file: one JSON line per valid row, so a run (and its resume) reads the requests
 * back from disk, one at a time, instead of holding them or re-reading the input file.
 *
 * @example
 * const writer = openItemsWriter('/state/runs/r1.items.jsonl');
 * await writer.write({ index: 0, line: 2, request: { method: 'POST', path: 'superuser/invoices/8/paid', body: {} } });
 * await writer.close();
 */
export function openItemsWriter(file: string): ItemsWriter {
  const stream: WriteStream = createWriteStream(file, { flags: 'w', mode: 0o600 });
  const done = finished(stream);
  done.catch(() => undefined);
  let closed: Promise<void> | undefined;
  return {
    async write({ index, line, request }) {
      if (!stream.write(`${JSON.stringify({ index, line, ...request })}\n`)) await Promise.race([once(stream, 'drain'), done]);
    },
    close() {
      closed ??= (async () => {
        stream.end();
        await done;
      })();
      return closed;
    },
  };
}

/**
 * Reads a run's items file back, one item at a time.
 *
 * @example
 * for await (const item of readItems(file)) console.log(item.index, item.request.path);
 */
export async function* readItems(file: string): AsyncGenerator<BulkItem> {
  for await (const { text } of physicalLines(createReadStream(file))) {
    if (text === '') continue;
    const { index, line, ...request } = itemSchema.parse(JSON.parse(text));
    yield { index, line, request };
  }
}
