/**
 * The `Host` check against DNS rebinding: a page on `evil.example` whose name is re-pointed at 127.0.0.1
 * reaches the sandbox same-origin, but its requests still carry `Host: evil.example:8787`. Only the names
 * the server listens under pass.
 */
import { isIP } from 'node:net';

/** Names that can never resolve (RFC 6761), so no page can be served from one: the in-process fetch's. */
export const IN_PROCESS_HOST = 'sandbox.invalid';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/** Where the server listens, once it does. */
export interface Listening {
  readonly host: string;
  readonly port: number;
}

function splitHost(header: string): { readonly name: string; readonly port: string | undefined } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(header.trim().toLowerCase());
  if (!match) return { name: '', port: undefined };
  return { name: (match[1] as string).replace(/\.$/, ''), port: match[2] };
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
}

/**
 * Why a `Host` header is refused, or null when it names this server: a loopback name, the host given to
 * listen, any IP address when that host is a wildcard (rebinding needs a name); with the listening port
 * once the server listens. The in-process name passes only for an in-process call (`inProcess`), never
 * over a socket, in any spelling.
 *
 * @example
 * hostProblem('evil.example:8787', { host: '127.0.0.1', port: 8787 }); // 'evil.example:8787 is not ...'
 * hostProblem('localhost:8787', { host: '127.0.0.1', port: 8787 }); // null
 * hostProblem('sandbox.invalid', { host: '127.0.0.1', port: 8787 }); // 'Host sandbox.invalid is not ...'
 */
export function hostProblem(
  header: string | undefined,
  listening: Listening | undefined,
  inProcess = false,
): string | null {
  if (header === undefined || header === '') return 'the request has no Host header';
  const { name, port } = splitHost(header);
  if (name === IN_PROCESS_HOST && inProcess) return null;
  const names = new Set(LOOPBACK_NAMES);
  if (listening) names.add(bracketed(listening.host));
  const wildcard = listening !== undefined && WILDCARDS.has(bracketed(listening.host));
  const literal = isIP(name.replace(/^\[|\]$/g, '')) !== 0;
  const expected = `${[...names].join(', ')}${listening ? ` with port ${listening.port}` : ''}`;
  if (!names.has(name) && !(wildcard && literal))
    return `Host ${header} is not a name this sandbox listens under (${expected})`;
  if (listening && port !== undefined && port !== '' && Number(port) !== listening.port)
    return `Host ${header} names another port (${expected})`;
  if (listening && (port === undefined || port === '') && listening.port !== 80)
    return `Host ${header} has no port (${expected})`;
  return null;
}
