/**
 * The client's default `timeoutMs`: a server that accepted a request and is silent this long is not
 * coming back to it. Its own module, so the CLI's help can state it without loading the client.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;
