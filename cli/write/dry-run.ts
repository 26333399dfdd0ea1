import type { ApiRequest } from '../../core/api/types.js';
import type { Factory } from '../factory/factory.js';

/**
 * Prints the exact request a write would send (method, URL, headers with the token redacted, body) on
 * stdout, and sends nothing. The client is built for the URL and headers, but never sends.
 *
 * @example
 * await printDryRun(c, request); // POST http://127.0.0.1:8787/superuser/invoices/8/paid ...
 */
export async function printDryRun(f: Factory, request: ApiRequest): Promise<void> {
  const client = await f.client();
  const preview = client.preview(request);
  const lines = [
    `${preview.method} ${preview.url}`,
    ...Object.entries(preview.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  f.io.stdout.write(`${lines.join('\n')}\n${preview.body === undefined ? '' : `\n${preview.body}\n`}`);
  if (!f.globals.quiet) f.io.stderr.write('Dry run: nothing was sent.\n');
}
