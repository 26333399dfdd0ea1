import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import type { Method } from '../../core/endpoints/define.js';
import { blockLines, lineChunks } from './lines.js';

/** What a run sends for one item: the request built and checked from its row, without the key. */
export interface BulkRequest {
  readonly method: Method;
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/** One item of a run: its index (the row's position among the file's rows, from 0), line and checked row. */
export interface BulkItem<Row = unknown> {
  readonly index: number;
  readonly line: number;
  /** What the command runs: for a table endpoint its request, for a curated command its options. */
  readonly row: Row;
}

const itemSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  line: z.number().int().positive(),
  row: z.unknown().optional(),
});

/** Appends items as JSON lines to a file being written (backpressure respected), then `close` (once or more). */
export interface ItemsWriter {
  write(item: BulkItem<unknown>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Writes a run's items file: one JSON line per valid row, so a run (and its resume) reads the requests
 * back from disk, one at a time, instead of holding them or re-reading the input file.
 *
 * @example
 * const writer = openItemsWriter('/state/runs/r1.items.jsonl');
 * await writer.write({ index: 0, line: 2, row: { method: 'POST', path: 'superuser/invoices/8/paid', body: {} } });
 * await writer.close();
 */
export function openItemsWriter(file: string): ItemsWriter {
  const stream: WriteStream = createWriteStream(file, { flags: 'w', mode: 0o600 });
  const done = finished(stream);
  done.catch(() => undefined);
  let closed: Promise<void> | undefined;
  return {
    async write({ index, line, row }) {
      if (!stream.write(`${JSON.stringify({ index, line, row })}\n`)) await Promise.race([once(stream, 'drain'), done]);
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
 * Reads a run's items file back, one item at a time, each row checked by the command's `parse`. A line
 * without `row` is from an earlier version (a request spread beside index and line): its rest is the row.
 *
 * @example
 * for await (const item of readItems(file, command.parse)) console.log(item.index, item.row);
 */
export async function* readItems<Row>(file: string, parse: (stored: unknown) => Row): AsyncGenerator<BulkItem<Row>> {
  for await (const block of lineChunks(createReadStream(file))) {
    for (const text of blockLines(block)) {
      if (text === '') continue;
      const { index, line, row, ...rest } = itemSchema.parse(JSON.parse(text));
      yield { index, line, row: parse(row === undefined ? rest : row) };
    }
  }
}
