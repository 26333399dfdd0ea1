/**
 * Whether a host name or a peer address stays on this machine (IPv4-mapped IPv6 loopback included, as
 * Node reports a peer on a dual-stack socket).
 *
 * @example
 * isLoopback('127.0.0.1'); // true
 * isLoopback('::ffff:127.0.0.1'); // true
 * isLoopback('0.0.0.0'); // false
 */
export function isLoopback(host: string): boolean {
  const address = host.startsWith('::ffff:') ? host.slice(7) : host;
  return address === 'localhost' || address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}
