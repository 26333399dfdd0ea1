/** Parsing a request body as JSON, refusing what would exhaust the stack of the code that walks it later. */

/** How deep objects and lists may nest in a request body; real payloads stay within a handful of levels. */
export const MAX_JSON_DEPTH = 64;

export type JsonParse =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/** How deep brackets nest in JSON text, counted outside strings without parsing; stops once past `limit`. */
function nesting(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return deepest;
}

/**
 * JSON text parsed, or why not: not JSON, or nested deeper than MAX_JSON_DEPTH (checked before parsing,
 * so a hostile body costs one pass over its text).
 *
 * @example
 * parseJsonBody('{"a":1}'); // { ok: true, value: { a: 1 } }
 * parseJsonBody('['.repeat(100_000)); // { ok: false, message: 'The request body nests deeper than 64 levels' }
 */
export function parseJsonBody(text: string): JsonParse {
  if (nesting(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    return { ok: false, message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: 'The request body is not valid JSON' };
  }
}
