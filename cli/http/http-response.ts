import { headerName, headerValue } from '../../core/api/header-fields.js';

/** Header values as node:http gives them (`set-cookie` as a list), or any standard headers init. */
export type HeaderSource =
  Iterable<readonly [string, string]> | Readonly<Record<string, string | readonly string[] | undefined>>;

function byName<T>(a: readonly [string, T], b: readonly [string, T]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/**
 * The standard `Headers` interface over a map, for the CLI's node:http fetch: Node's own class lives in
 * its bundled undici, about 25 ms for a one-off command to load. Same rules: names case-insensitive and
 * listed in order, values checked and trimmed, repeated values joined by `, `, `set-cookie` kept apart.
 *
 * @example
 * new NodeHeaders({ 'x-request-id': 'req_1' }).get('X-Request-Id'); // 'req_1'
 */
export class NodeHeaders implements Headers {
  readonly #values = new Map<string, string[]>();

  constructor(init: HeaderSource = {}) {
    const entries = Symbol.iterator in init ? init : Object.entries(init);
    for (const [name, value] of entries) {
      if (value === undefined) continue;
      for (const item of typeof value === 'string' ? [value] : value) this.append(name, item);
    }
  }

  append(name: string, value: string): void {
    const key = headerName(name);
    this.#values.set(key, [...(this.#values.get(key) ?? []), headerValue(name, value)]);
  }

  set(name: string, value: string): void {
    this.#values.set(headerName(name), [headerValue(name, value)]);
  }

  delete(name: string): void {
    this.#values.delete(headerName(name));
  }

  has(name: string): boolean {
    return this.#values.has(headerName(name));
  }

  get(name: string): string | null {
    // A name stored is a valid one in lower case: looked up as given first, without checking it again.
    const values = this.#values.get(name) ?? this.#values.get(headerName(name));
    return values === undefined ? null : values.length === 1 ? (values[0] as string) : values.join(', ');
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.#list()) callback.call(thisArg, value, name, this);
  }

  entries(): HeadersIterator<[string, string]> {
    return this.#list()[Symbol.iterator]();
  }

  keys(): HeadersIterator<string> {
    const names = this.#list().map(([name]) => name);
    return names[Symbol.iterator]();
  }

  values(): HeadersIterator<string> {
    const values = this.#list().map(([, value]) => value);
    return values[Symbol.iterator]();
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }

  /** The standard's "sort and combine": by name, values joined, each set-cookie on its own. */
  #list(): [string, string][] {
    return [...this.#values]
      .sort(byName)
      .flatMap(([name, values]): [string, string][] =>
        name === 'set-cookie' ? values.map((v) => [name, v]) : [[name, values.join(', ')]],
      );
  }
}

/** One decoder for every body: decoding a whole body keeps no state between calls. */
const UTF8 = new TextDecoder();

export interface NodeResponseInit {
  readonly status: number;
  readonly statusText: string;
  readonly headers: NodeHeaders;
  readonly url: string;
}

/**
 * The standard `Response` interface over a body node:http has already read whole, for the same reason
 * as NodeHeaders. `text()`, `json()`, `arrayBuffer()`, `bytes()` and `blob()` read the bytes directly;
 * `body`, `formData()` and `clone()` hand over to Node's own Response, built on first use.
 *
 * @example
 * await new NodeResponse(bytes, { status: 200, statusText: 'OK', headers, url }).json();
 */
export class NodeResponse implements Response {
  readonly status: number;
  readonly statusText: string;
  readonly headers: NodeHeaders;
  readonly url: string;
  readonly redirected = false;
  readonly type: ResponseType = 'basic';
  readonly #bytes: Uint8Array<ArrayBuffer> | null;
  #used = false;
  #standard: Response | undefined;

  /** `bytes` is null for a response without a body (204, 304, or nothing sent). */
  constructor(bytes: Uint8Array<ArrayBuffer> | null, init: NodeResponseInit) {
    this.#bytes = bytes;
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get bodyUsed(): boolean {
    return this.#standard?.bodyUsed ?? this.#used;
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    // Read already through text() and the like: there is no stream left to give.
    if (this.#used) return null;
    return this.#toStandard().body;
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#standard) return new Uint8Array(await this.#standard.arrayBuffer());
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes === null ? new Uint8Array(0) : this.#bytes.slice();
  }

  async text(): Promise<string> {
    // Decoded where it lies: bytes() copies (its caller may change them), which for a page of a list
    // (770 KB for 1,000 invoices) was as many bytes again per page outside the heap.
    if (this.#standard || this.#used) return UTF8.decode(await this.bytes());
    this.#used = true;
    return this.#bytes === null ? '' : UTF8.decode(this.#bytes);
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' });
  }

  formData(): Promise<FormData> {
    return this.#toStandard().formData();
  }

  clone(): Response {
    return this.#toStandard().clone();
  }

  /** Node's own Response with the same status, headers and unread body. */
  #toStandard(): Response {
    if (this.#standard === undefined) {
      if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
      const init = { status: this.status, statusText: this.statusText, headers: [...this.headers] };
      this.#standard = new Response(this.#bytes, init);
    }
    return this.#standard;
  }
}
