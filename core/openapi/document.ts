/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint table: every entry's path, parameters,
 * request body and reply (its shapes as `components/schemas`, named by shape), its role as security and
 * `x-roles`, its reach, the error shape, the `Idempotency-Key` header of writes and the headers every
 * reply carries (`headers.ts`). Pure: it takes the
 * entries (the CLI's plain data or core's table) and returns plain JSON, so `edshed openapi` and the
 * sandbox's `/openapi.json` give the same document. Loaded only by those two, never on the CLI's start path.
 */
import { HEADERS } from '../api/headers.js';
import { ENVIRONMENTS } from '../api/environments.js';
import { exactlyOneWords, type Endpoint, type KeyGroup, type Reach } from '../endpoints/define.js';
import { ROLE_HOLDERS } from '../endpoints/roles.js';
import type { ObjectShape } from '../shapes/define.js';
import { headerComponents, responseHeaders } from './headers.js';
import { objectSchema, requestFieldSchema, type JsonSchema, type ShapeRegistry } from './schema.js';

export type { JsonSchema } from './schema.js';

/** A JSON value of the document. */
type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

/** The OpenAPI document: plain JSON (typed loosely: tools read it, this module only writes it). */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  readonly tags: readonly { readonly name: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, Json>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly responses: Readonly<Record<string, Json>>;
    readonly parameters: Readonly<Record<string, Json>>;
    readonly headers: Readonly<Record<string, Json>>;
    readonly securitySchemes: Readonly<Record<string, Json>>;
  };
}

export interface OpenApiOptions {
  /** The toolkit's version, the document's `info.version`. */
  readonly version: string;
  /** A server listed first (the sandbox serving the document gives its own address). */
  readonly server?: { readonly url: string; readonly description: string };
  /** Request bodies to show as examples, by command (`auth login`): the sandbox gives its seeded sign-in. */
  readonly examples?: Readonly<Record<string, Readonly<Record<string, Json>>>>;
  /**
   * Path placeholders that stand for one fixed value, written into the path: the spec's unnamed rostering
   * providers (`{roster_b}/auth`, `{roster_c}/auth`) would otherwise make paths OpenAPI counts as identical.
   */
  readonly fixed?: Readonly<Record<string, string>>;
}

const SECURITY = 'sessionToken';
const ERROR = 'Error';

const REACH_WORDS: Readonly<Record<Reach, string>> = {
  own: 'the records the caller created',
  school: "the records of the caller's school (and its district's, for district administrators)",
  published: "the records of the caller's school, and published or platform records",
  everyone: 'every record, in any school (the platform catalogue)',
  superuser: 'superusers only',
};

/** Error replies every operation may give, by status: the component's name and when it happens. */
const ERRORS = {
  400: {
    name: 'BadRequest',
    description: 'The request is malformed (a body that is not JSON, a JSON body that is not an object).',
  },
  401: {
    name: 'Unauthorised',
    description: `No session token in the ${HEADERS.token} header, or it is invalid or expired.`,
  },
  403: { name: 'Forbidden', description: "The caller's role may not call this operation." },
  404: {
    name: 'NotFound',
    description: 'No such record, or one the caller does not reach (answered exactly like a missing one).',
  },
  409: {
    name: 'Conflict',
    description:
      'The record is not in a state that allows this (or a request with the same Idempotency-Key is still running).',
  },
  422: {
    name: 'InvalidData',
    description: 'The payload breaks its schema (`errors` names each field), or a value is refused.',
  },
  429: { name: 'TooManyRequests', description: 'Rate limited: retry after `Retry-After` seconds.' },
  '4XX': {
    name: 'ClientError',
    description: 'Another refusal (402 payment required, 410 gone, 413 too large, 415 not JSON).',
  },
  '5XX': {
    name: 'ServerError',
    description: 'A server error (the sandbox answers these only when faults are injected).',
  },
} as const;

type ErrorStatus = keyof typeof ERRORS;

/**
 * A component name of a shape's name: `invoice_summary` -> `InvoiceSummary`.
 *
 * @example
 * componentName('resource_type') // 'ResourceType'
 */
export function componentName(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

/** Named shapes become components: one per distinct shape, named by shape (numbered when two differ under one name). */
function shapeRegistry(): ShapeRegistry & { readonly schemas: Record<string, JsonSchema> } {
  const schemas: Record<string, JsonSchema> = {};
  const byShape = new Map<string, string>();
  const registry = {
    schemas,
    ref(shape: ObjectShape): string {
      const { nullable: _nullable, optional: _optional, ...plain } = shape;
      const key = JSON.stringify(plain);
      let name = byShape.get(key);
      if (name === undefined) {
        const base = componentName(shape.name ?? 'object');
        name = base;
        for (let n = 2; name in schemas; n += 1) name = `${base}${n}`;
        byShape.set(key, name);
        schemas[name] = {};
        schemas[name] = objectSchema(shape.fields, registry, {
          open: shape.open === true,
          ...(shape.summary === undefined ? {} : { summary: shape.summary }),
        });
      }
      return `#/components/schemas/${name}`;
    },
  };
  return registry;
}

/** `invoices mark-paid` -> `invoices.markPaid`: unique per entry, safe in a URL. */
function operationId(endpoint: Endpoint): string {
  return `${endpoint.noun}.${endpoint.verb}`;
}

function pathParameter(name: string): Json {
  const schema: JsonSchema =
    name === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string', minLength: 1, pattern: '^[^/]+$' };
  return { name, in: 'path', required: true, schema: schema as Json };
}

function queryParameters(endpoint: Endpoint): Json[] {
  return Object.entries(endpoint.payload ?? {}).map(([name, spec]) => {
    const schema = requestFieldSchema(spec);
    const optional = typeof spec === 'string' ? spec.endsWith('?') : spec.optional === true;
    return {
      name,
      in: 'query',
      required: !optional,
      schema: schema as Json,
      ...(schema.type === 'array' ? { style: 'form', explode: true } : {}),
    };
  });
}

function requestBody(endpoint: Endpoint, example: Readonly<Record<string, Json>> | undefined): Json | undefined {
  const fields = Object.entries(endpoint.payload ?? {});
  if (fields.length === 0 && endpoint.open !== true) return undefined;
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const [name, spec] of fields) {
    properties[name] = requestFieldSchema(spec) as Json;
    if (!(typeof spec === 'string' ? spec.endsWith('?') : spec.optional === true)) required.push(name);
  }
  const schema = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...exactlyOneSchema(endpoint.exactlyOne ?? []),
    additionalProperties: endpoint.open === true,
  };
  return {
    required: required.length > 0,
    content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
  };
}

/**
 * A body's `exactlyOne` groups in JSON Schema: `oneOf` of one `required` key each (two given match two, none
 * matches none), all of them for several groups. (A key given as empty text counts as not given, which the
 * schema cannot say; the operation's description does.)
 */
function exactlyOneSchema(groups: readonly KeyGroup[]): Record<string, Json> {
  const each = groups.map((group) => ({ oneOf: group.map((key) => ({ required: [key] })) }));
  if (each.length === 0) return {};
  return each.length === 1 ? (each[0] as Record<string, Json>) : { allOf: each };
}

function description(endpoint: Endpoint): string {
  const lines = [
    endpoint.role === 'public'
      ? 'Role: public (no session token needed).'
      : `Role: \`${endpoint.role}\` (${ROLE_HOLDERS[endpoint.role]}; superusers pass every role).`,
    `Reach: \`${endpoint.reach}\`, ${REACH_WORDS[endpoint.reach]}.`,
    `CLI: \`edshed ${endpoint.command}\`.`,
  ];
  if (endpoint.method !== 'GET')
    lines.push(
      endpoint.idempotent
        ? 'Idempotent: repeating it changes nothing more.'
        : 'Not idempotent: send an `Idempotency-Key` to retry it safely.',
    );
  if (endpoint.destructive) lines.push('Destructive: deletes, cancels, voids or refunds.');
  for (const group of endpoint.exactlyOne ?? []) {
    const quoted = group.map((key) => `\`${key}\``) as unknown as KeyGroup;
    lines.push(
      `Give ${exactlyOneWords(quoted)} (one given as empty text counts as not given): none or several is refused with 422.`,
    );
  }
  if (endpoint.open)
    lines.push(
      `The ${endpoint.method === 'GET' || endpoint.method === 'DELETE' ? 'query' : 'body'} may carry keys beyond those named.`,
    );
  if (endpoint.note) lines.push(`Note: ${endpoint.note}`);
  return lines.join('\n\n');
}

function errorStatuses(endpoint: Endpoint): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400];
  if (endpoint.role !== 'public') statuses.push(401);
  if (endpoint.role !== 'public' && endpoint.role !== 'user') statuses.push(403);
  statuses.push(404, 409, 422, 429, '4XX', '5XX');
  return statuses;
}

function operation(endpoint: Endpoint, registry: ShapeRegistry, options: OpenApiOptions): Json {
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  const params = endpoint.params.filter((name) => options.fixed?.[name] === undefined);
  const parameters: Json[] = [...params.map(pathParameter), ...(inQuery ? queryParameters(endpoint) : [])];
  if (endpoint.method !== 'GET') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const body = inQuery ? undefined : requestBody(endpoint, options.examples?.[endpoint.command]);
  const reply = objectSchema(endpoint.reply ?? {}, registry, { open: endpoint.reply === undefined });
  const responses: Record<string, Json> = {
    [endpoint.method === 'GET' ? '200' : '2XX']: {
      description: endpoint.summary,
      headers: responseHeaders('2XX'),
      content: { 'application/json': { schema: reply as Json } },
    },
  };
  for (const status of errorStatuses(endpoint))
    responses[status] = { $ref: `#/components/responses/${ERRORS[status].name}` };
  const named = endpoint.params
    .filter((name) => options.fixed?.[name] !== undefined)
    .map((name) => `\`{${name}}\` is \`${options.fixed?.[name] ?? ''}\``);
  const fixedWords =
    named.length === 0
      ? ''
      : `\n\nThe spec leaves the provider unnamed; in this document (as in the sandbox) ${named.join(', ')}.`;
  return {
    operationId: operationId(endpoint),
    summary: endpoint.summary,
    description: description(endpoint) + fixedWords,
    tags: [endpoint.area],
    'x-roles': [endpoint.role],
    'x-reach': endpoint.reach,
    'x-command': `edshed ${endpoint.command}`,
    security: endpoint.role === 'public' ? [] : [{ [SECURITY]: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body === undefined ? {} : { requestBody: body }),
    responses,
  };
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every error reply: what went wrong, in a word and a sentence; a 422 names each refused field.',
  properties: {
    error: { type: 'string', description: 'The kind of error (`Not found`, `Invalid data`).' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
  },
  required: ['error', 'message'],
  additionalProperties: true,
};

function errorResponses(): Record<string, Json> {
  const responses: Record<string, Json> = {};
  for (const [status, { name, description: words }] of Object.entries(ERRORS)) {
    responses[name] = {
      description: words,
      headers: responseHeaders(status),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR}` } } },
    };
  }
  return responses;
}

const INTRO = [
  'The EdShed platform API, generated from the endpoint table of the EdShed toolkit (`edshed openapi`).',
  `Sign in with \`POST /auth\` (\`{ "username", "password" }\`): the reply's \`token\` goes in the \`${HEADERS.token}\` header of every other call. Each operation names the role it needs (\`x-roles\`) and whose records it reaches (\`x-reach\`).`,
  'Writes take an `Idempotency-Key` header: a retry with the same key gets the first reply again instead of writing twice.',
  "Where the platform's spec shows no reply, the reply documented here is what the toolkit's sandbox answers.",
].join('\n\n');

/**
 * The OpenAPI 3.1 document of `endpoints`.
 *
 * @example
 * const doc = openApiDocument(ENDPOINTS, { version: '0.1.0' });
 * doc.paths['/superuser/invoices/{id}/paid']?.post // the `invoices mark-paid` operation
 */
export function openApiDocument(endpoints: readonly Endpoint[], options: OpenApiOptions): OpenApiDocument {
  const registry = shapeRegistry();
  const paths: Record<string, Record<string, Json>> = {};
  for (const endpoint of endpoints) {
    const path = `/${endpoint.path.replace(/\{([^}]+)\}/g, (whole, name: string) => options.fixed?.[name] ?? whole)}`;
    const item = (paths[path] ??= {});
    const method = endpoint.method.toLowerCase();
    if (method in item)
      throw new Error(`Two entries answer ${endpoint.method} ${path}: ${endpoint.command} and another`);
    item[method] = operation(endpoint, registry, options);
  }
  const environments = Object.entries(ENVIRONMENTS).map(([name, url]) => ({
    url: url.replace(/\/$/, ''),
    description: name === 'sandbox' ? 'The local sandbox (`edshed sandbox start`)' : `The ${name} API`,
  }));
  return {
    openapi: '3.1.0',
    info: { title: 'EdShed API', version: options.version, description: INTRO },
    servers: [...(options.server ? [options.server] : []), ...environments],
    tags: [...new Set(endpoints.map((e) => e.area))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...registry.schemas, [ERROR]: ERROR_SCHEMA },
      responses: errorResponses(),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes the write safe to retry: the server answers a repeat with the same key by replaying the first reply (header `Idempotent-Replayed: true`); the same key with a different request is refused (422).',
          schema: { type: 'string', minLength: 1 },
        },
      },
      headers: headerComponents(),
      securitySchemes: {
        [SECURITY]: {
          type: 'apiKey',
          in: 'header',
          name: HEADERS.token,
          description: 'The session token `POST /auth` answers (`edshed login` stores one).',
        },
      },
    },
  };
}
