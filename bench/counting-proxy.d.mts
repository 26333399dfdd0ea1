/** A proxy in front of an API that counts the requests through it by method and path. */
export interface CountingProxy {
  /** Where to point the CLI: `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** Requests by `METHOD path` (no query), since the last reset; a number in the path is `{id}`. */
  counts(): Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts the proxy on an ephemeral port of 127.0.0.1 in front of `target`; `rewrite` replaces each JSON answer
 * by what it returns; each request waits for what `hold` returns (given its route and that route's count).
 */
export function countingProxy(
  target: string,
  options?: {
    readonly rewrite?: (route: string, body: unknown) => unknown;
    readonly hold?: (route: string, count: number) => Promise<void> | undefined;
  },
): Promise<CountingProxy>;
