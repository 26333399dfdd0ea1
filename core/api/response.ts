import { HEADERS } from './headers.js';

/** The identifying headers of a response, carried by both successes and errors. */
export interface ResponseMeta {
  readonly apiTarget: string | undefined;
  readonly requestId: string | undefined;
  readonly errorReference: string | undefined;
  readonly replayed: boolean;
}

/**
 * Reads the API-target, request-id, error-reference and idempotent-replay headers.
 *
 * @example
 * readMeta(new Headers({ 'x-api-target': 'sandbox' })).apiTarget; // 'sandbox'
 */
export function readMeta(headers: Headers): ResponseMeta {
  return {
    apiTarget: headers.get(HEADERS.apiTarget) ?? undefined,
    requestId: headers.get(HEADERS.requestId) ?? undefined,
    errorReference: headers.get(HEADERS.errorReference) ?? undefined,
    replayed: headers.get(HEADERS.idempotentReplayed) === 'true',
  };
}

/**
 * Reads a response body: null when empty, the parsed JSON when it parses, else the text as it came
 * (an HTML error page from a proxy, say), so an error can still show what the server said.
 *
 * @example
 * await readData(new Response('{"ok":true}')); // { ok: true }
 */
export async function readData(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return text;
  }
}
