import { fieldInfo, takesJson, type Endpoint } from '../../core/endpoints/define.js';
import { flagOf, jsonOrText } from '../input/flags.js';

/** How the columns of a bulk file map onto an endpoint's path parameters and payload keys. */
export interface ColumnMap {
  /** The key a column (or NDJSON key) names: `po_number` or its flag form `po-number`; undefined when unknown. */
  keyOf(column: string): string | undefined;
  /** The keys every row needs: path parameters and required payload keys. */
  readonly required: readonly string[];
  /** Every key the endpoint takes, for messages. */
  readonly known: readonly string[];
  /** How a user gives a key outside the file (`--date`, `the <id> argument`), for messages. */
  commandLineName(key: string): string | undefined;
}

/**
 * The column map of an endpoint. An open endpoint (one whose payload may carry keys the table does not
 * name) takes any other column as a payload key.
 *
 * @example
 * columnMap(endpointOf('invoices mark-paid')).keyOf('id') // 'id'
 */
export function columnMap(endpoint: Endpoint): ColumnMap {
  const payload = Object.entries(endpoint.payload ?? {});
  const known = [...endpoint.params, ...payload.map(([key]) => key)];
  const byName = new Map<string, string>();
  for (const key of known) {
    byName.set(flagOf(key), key);
    byName.set(key, key);
  }
  return {
    keyOf: (column) => byName.get(column) ?? (endpoint.open && column !== '' ? column : undefined),
    required: [...endpoint.params, ...payload.filter(([, spec]) => !fieldInfo(spec).optional).map(([key]) => key)],
    known,
    commandLineName: (key) => commandLineName(endpoint, key),
  };
}

/** A JSON field's cell that starts like a JSON object or list but does not parse: refused, never sent as text. */
export class BrokenJsonCell {
  constructor(readonly reason: string) {}
}

/**
 * The column map of a curated command: fixed keys, each also spelt as its flag (`po-number`).
 *
 * @example
 * fixedColumns({ required: ['id', 'to'], optional: [], given: (key) => (key === 'id' ? 'the <id> argument' : `--${key}`) }).keyOf('to') // 'to'
 */
export function fixedColumns(o: {
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly given: (key: string) => string | undefined;
}): ColumnMap {
  const known = [...o.required, ...o.optional];
  const byName = new Map<string, string>(
    known.flatMap(
      (key) =>
        [
          [key, key],
          [flagOf(key), key],
        ] as const,
    ),
  );
  return { keyOf: (column) => byName.get(column), required: o.required, known, commandLineName: o.given };
}

/**
 * A CSV cell as the value of a key: JSON fields are parsed when the text reads as JSON (like `--field`);
 * everything else stays text, which the endpoint's schema coerces (`"12"` to 12 for an id). A JSON
 * field's cell that opens an object or a list (`{`, `[`) must be valid JSON: `{"text": oops}` is a typo
 * to report, not a text to send.
 *
 * @example
 * cellValue(endpoint, 'lines', '[1,2]') // [1, 2] when `lines` is a json field
 */
export function cellValue(endpoint: Endpoint, key: string, text: unknown): unknown {
  const spec = endpoint.payload?.[key];
  if (typeof text !== 'string' || spec === undefined || !takesJson(spec)) return text;
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      return new BrokenJsonCell(error instanceof Error ? error.message : String(error));
    }
  }
  return jsonOrText(text);
}

/**
 * How a user names a key outside the file: the argument for a path parameter, else its flag.
 *
 * @example
 * commandLineName(endpoint, 'date') // '--date'
 */
export function commandLineName(endpoint: Endpoint, key: string): string {
  return endpoint.params.includes(key) ? `the <${key}> argument` : `--${flagOf(key)}`;
}
