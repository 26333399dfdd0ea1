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
 * What a successful (2xx) answer must be:
 * - `object-or-none` (the default): a JSON object, or no body at all with status 204;
 * - `object`: a JSON object (the entry names a response key, so an empty answer is not one);
 * - `file`: a download (CSV, text, bytes, or the API's JSON), anything but an HTML page.
 */
export type AnswerKind = 'object' | 'object-or-none' | 'file';

/**
 * Whether a GET path is a file download, whose answer is the file itself (the table's
 * `users/me/school/pupils/csv`, `superuser/sales/reports/engagement/snapshots/{id}/download`,
 * `email/download`): its last segment is `download` or `csv`.
 *
 * @example
 * isDownloadPath('GET', 'email/download'); // true
 * isDownloadPath('GET', 'schools/1'); // false
 */
export function isDownloadPath(method: string, path: string): boolean {
  return method === 'GET' && /(^|\/)(download|csv)$/.test(path.split('?')[0] ?? '');
}

/** A body as it came: its text, and the JSON it parses to when it does. */
export interface ReadBody {
  readonly text: string;
  /** Null when empty, the parsed JSON when it parses, else the text. */
  readonly data: unknown;
  readonly parsed: boolean;
}

/**
 * Reads a response body: null when empty, the parsed JSON when it parses, else the text as it came
 * (an HTML error page from a proxy, say), so an error can still show what the server said.
 *
 * @example
 * (await readBody(new Response('{"ok":true}'))).data; // { ok: true }
 */
export async function readBody(response: Response): Promise<ReadBody> {
  const text = await response.text();
  if (text === '') return { text, data: null, parsed: false };
  try {
    const data: unknown = JSON.parse(text);
    return { text, data, parsed: true };
  } catch {
    return { text, data: text, parsed: false };
  }
}

const isHtml = (type: string, text: string): boolean =>
  /html/i.test(type) || /^\s*<(!doctype\s+html|html)\b/i.test(text);

/** A short quote of an HTML page's text (tags dropped): `("Down for maintenance")`. Only a page: JSON or text could hold a secret. */
function pageQuote(text: string): string {
  const words = text
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '') return '';
  return ` ("${words.length > 80 ? `${words.slice(0, 79)}…` : words}")`;
}

/**
 * Why a 2xx answer is not one the API gives, as `<status> <content type>, <what is wrong>`, or
 * undefined when it is one. The API answers JSON objects (with a JSON content type, when it names one);
 * a proxy's maintenance page, a body cut short, a bare array or an empty 200 are something else.
 *
 * @example
 * answerProblem(200, 'text/html', { text: '<html>maintenance</html>', data: '<html>maintenance</html>', parsed: false }, 'object-or-none');
 * // '200 text/html, an HTML page ("maintenance")'
 * answerProblem(200, 'application/json', { text: '{"invoice":{}}', data: { invoice: {} }, parsed: true }, 'object'); // undefined
 */
export function answerProblem(
  status: number,
  contentType: string | null,
  body: ReadBody,
  kind: AnswerKind = 'object-or-none',
): string | undefined {
  const type = contentType?.split(';')[0]?.trim() ?? '';
  const head = `${status}${type === '' ? '' : ` ${type}`}`;
  if (isHtml(type, body.text)) return `${head}, an HTML page${pageQuote(body.text)}`;
  if (kind === 'file') return undefined;
  if (body.text === '')
    return status === 204 && kind === 'object-or-none'
      ? undefined
      : `${head}, an empty body where a JSON object is due`;
  if (type !== '' && !/[/+]json$/i.test(type)) return `${head}, not JSON (${body.text.length} bytes)`;
  if (!body.parsed) return `${head}, JSON cut short or malformed (${body.text.length} bytes)`;
  const data = body.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return `${head}, ${Array.isArray(data) ? 'a JSON array' : `a bare JSON ${data === null ? 'null' : typeof data}`} where a JSON object is due`;
  }
  return undefined;
}
