/**
 * Requests generated from an OpenAPI document alone (not the endpoint table): fast-check arbitraries built
 * from each operation's parameter and body schemas, and the reply schema each status declares.
 */
import fc from 'fast-check';
import type { JsonSchema } from '../../core/openapi/schema.js';

/** The schemas of the document (the generator's own type of them: a type only, the values come from the document). */
export type Schema = JsonSchema;

interface Parameter {
  readonly $ref?: string;
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required?: boolean;
  readonly schema: Schema;
}

interface Media {
  readonly schema: Schema;
}

/** A response: its body's media and the headers it declares (each a reference to `components/headers`). */
interface Response {
  readonly $ref?: string;
  readonly content?: Readonly<Record<string, Media>>;
  readonly headers?: Readonly<Record<string, { readonly $ref: string }>>;
}

export interface Operation {
  readonly operationId: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly required?: boolean; readonly content: Readonly<Record<string, Media>> };
  readonly responses: Readonly<Record<string, Response>>;
}

export interface Document {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, Schema>>;
    readonly parameters: Readonly<Record<string, Parameter>>;
    readonly responses: Readonly<Record<string, Response>>;
    readonly headers: Readonly<Record<string, { readonly required?: boolean }>>;
  };
}

/** One operation of the document: its method, path template and object. */
export interface DocumentOperation {
  readonly method: string;
  readonly path: string;
  readonly operation: Operation;
}

/** A request drawn for an operation: the path filled in, the query, the headers and the JSON body. */
export interface DrawnRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/**
 * Every operation of the document, in path order.
 *
 * @example
 * operationsOf(doc).length // 778
 */
export function operationsOf(doc: Document): DocumentOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

function refName(ref: string, kind: string): string {
  const prefix = `#/components/${kind}/`;
  if (!ref.startsWith(prefix)) throw new Error(`unexpected $ref ${ref}`);
  return ref.slice(prefix.length);
}

const DAY_LIKE = /^\^\\d\{4\}-\\d\{2\}-\\d\{2\}/;

/**
 * An arbitrary of the values a schema describes (bounded: short texts and lists, small numbers, so ids
 * hit the seeded records).
 *
 * @example
 * fc.sample(arbitraryOf(doc, { type: 'integer', minimum: 1 }), 3)
 */
export function arbitraryOf(doc: Document, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref !== undefined) {
    const target = doc.components.schemas[refName(schema.$ref, 'schemas')];
    if (target === undefined) throw new Error(`no schema ${schema.$ref}`);
    return depth > 4 ? fc.constant(null) : arbitraryOf(doc, target, depth + 1);
  }
  if (schema.anyOf !== undefined) return fc.oneof(...schema.anyOf.map((s) => arbitraryOf(doc, s, depth + 1)));
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -3;
      return fc.integer({ min, max: Math.min(schema.maximum ?? min + 40, min + 40) });
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -3, max: schema.maximum ?? 100 }),
        fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }),
      );
    case 'string': {
      const drawn: fc.Arbitrary<string>[] = [];
      if (schema.pattern !== undefined) {
        drawn.push(fc.stringMatching(new RegExp(schema.pattern, 'u')));
        if (DAY_LIKE.test(schema.pattern))
          drawn.push(fc.constantFrom('2026-11-02', '2026-11-02T10:00:00Z', '2027-01-31'));
      } else
        drawn.push(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 16, 24) }));
      if (schema.examples) drawn.push(fc.constantFrom(...(schema.examples as string[])));
      return fc.oneof(...drawn);
    }
    case 'array': {
      const item =
        schema.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : arbitraryOf(doc, schema.items, depth + 1);
      return fc.array(item, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const required = schema.required ?? [];
      return fc.record(Object.fromEntries(properties.map(([key, s]) => [key, arbitraryOf(doc, s, depth + 1)])), {
        requiredKeys: properties.map(([key]) => key).filter((key) => required.includes(key)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function parameterOf(doc: Document, parameter: Parameter): Parameter {
  if (parameter.$ref === undefined) return parameter;
  const target = doc.components.parameters[refName(parameter.$ref, 'parameters')];
  if (target === undefined) throw new Error(`no parameter ${parameter.$ref}`);
  return target;
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An arbitrary of requests to one operation, from its parameters' and body's schemas.
 *
 * @example
 * fc.sample(requestArbitrary(doc, op), { seed: 1, numRuns: 2 })
 */
export function requestArbitrary(
  doc: Document,
  { method, path, operation }: DocumentOperation,
): fc.Arbitrary<DrawnRequest> {
  const parameters = (operation.parameters ?? []).map((p) => parameterOf(doc, p));
  // A path segment `.` or `..` is a dot segment: the URL itself drops it (RFC 3986), so no client can send one.
  const drawn = (p: Parameter) =>
    p.in === 'path' ? arbitraryOf(doc, p.schema).filter((v) => v !== '.' && v !== '..') : arbitraryOf(doc, p.schema);
  const value = (p: Parameter) => (p.required ? drawn(p) : fc.option(drawn(p), { nil: undefined }));
  const media = operation.requestBody?.content['application/json'];
  const body =
    media === undefined
      ? fc.constant(undefined)
      : operation.requestBody?.required
        ? arbitraryOf(doc, media.schema)
        : fc.option(arbitraryOf(doc, media.schema), { nil: undefined });
  return fc.record({ values: fc.tuple(...parameters.map(value)), body }).map(({ values, body: drawn }) => {
    let filled = path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    parameters.forEach((p, i) => {
      const v = values[i];
      if (v === undefined || v === null) return;
      if (p.in === 'path') filled = filled.replace(`{${p.name}}`, encodeURIComponent(queryText(v)));
      else if (p.in === 'header') headers[p.name] = queryText(v);
      else for (const item of Array.isArray(v) ? v : [v]) query.append(p.name, queryText(item));
    });
    return { method, path: filled, query, headers, body: drawn };
  });
}

/**
 * The reply schema an operation declares for a status (`404`, else `4XX`, else `default`), as a JSON
 * pointer into the document; undefined when it declares none.
 *
 * @example
 * replySchemaPointer(op, 201) // '/paths/~1auth/post/responses/2XX/content/application~1json/schema'
 */
export function replySchemaPointer(
  doc: Document,
  { path, method, operation }: DocumentOperation,
  status: number,
): string | undefined {
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in operation.responses);
  if (key === undefined) return undefined;
  const escape = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
  const response = operation.responses[key];
  if (response?.$ref !== undefined) {
    const name = refName(response.$ref, 'responses');
    return doc.components.responses[name]?.content?.['application/json']
      ? `/components/responses/${escape(name)}/content/application~1json/schema`
      : undefined;
  }
  return response?.content?.['application/json']
    ? `/paths/${escape(path)}/${method.toLowerCase()}/responses/${key}/content/application~1json/schema`
    : undefined;
}

/**
 * The headers the response of `status` declares, by name, each with the component it refers to
 * (resolving a response that is itself a reference to `components/responses`).
 *
 * @example
 * declaredHeaders(doc, op, 429) // { 'x-request-id': 'RequestId', ..., 'retry-after': 'RetryAfter' }
 */
export function declaredHeaders(
  doc: Document,
  { operation }: DocumentOperation,
  status: number,
): Record<string, string> {
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in operation.responses);
  const inline = key === undefined ? undefined : operation.responses[key];
  const response = inline?.$ref === undefined ? inline : doc.components.responses[refName(inline.$ref, 'responses')];
  return Object.fromEntries(
    Object.entries(response?.headers ?? {}).map(([name, { $ref }]) => [name, refName($ref, 'headers')]),
  );
}
