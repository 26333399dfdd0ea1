import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import * as SCHEMAS from '../src/api/schemas.js';
import type { AnswerShape } from '../src/api/answer-shape.js';
import { dataModule } from './data-module.js';

const MODULE = fileURLToPath(new URL('../src/api/schemas.ts', import.meta.url));

/** What the describer reads of a zod/mini schema: its definition (zod 4's `_zod.def`). */
interface ZodDef {
  readonly type: string;
  readonly shape?: Readonly<Record<string, { readonly _zod: { readonly def: ZodDef } }>>;
  readonly catchall?: { readonly _zod: { readonly def: ZodDef } };
  readonly element?: { readonly _zod: { readonly def: ZodDef } };
  readonly innerType?: { readonly _zod: { readonly def: ZodDef } };
  readonly options?: readonly { readonly _zod: { readonly def: ZodDef } }[];
  readonly entries?: Readonly<Record<string, string | number>>;
  readonly checks?: readonly { readonly _zod: { readonly def: { readonly check: string; readonly minimum?: number } } }[];
}

function isSchema(value: unknown): value is { readonly _zod: { readonly def: ZodDef } } {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * A zod/mini schema as an AnswerShape: objects (strict or loose), strings (with a minimum length), finite
 * numbers, booleans, unknown, lists, optional, nullable, unions and enums. Anything else (a transform, a
 * refinement) fails the build rather than ship a check that would let more through than zod does.
 *
 * @example
 * describeSchema(z.object({ id: z.number() })) // { object: { id: 'number' }, loose: false }
 */
export function describeSchema(schema: { readonly _zod: { readonly def: ZodDef } }, at = 'schema'): AnswerShape {
  const def = schema._zod.def;
  const checks = def.checks ?? [];
  const unsupported = (what: string) => new Error(`site-schemas: ${at} uses ${what}, which the build cannot write as an answer shape`);
  if (checks.length > 0 && def.type !== 'string') throw unsupported(`a check on ${def.type}`);
  switch (def.type) {
    case 'string': {
      if (checks.length === 0) return 'string';
      const [check] = checks;
      if (checks.length > 1 || check?._zod.def.check !== 'min_length') throw unsupported('a string check other than one minLength');
      return { minLength: check._zod.def.minimum ?? 0 };
    }
    case 'number':
    case 'boolean':
    case 'unknown':
      return def.type;
    case 'object': {
      const catchall = def.catchall?._zod.def.type;
      if (catchall !== undefined && catchall !== 'unknown') throw unsupported(`an object with a ${catchall} catchall`);
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => [key, describeSchema(field, `${at}.${key}`)]);
      return { object: Object.fromEntries(fields) as Record<string, AnswerShape>, loose: catchall === 'unknown' };
    }
    case 'array':
      return { array: describeSchema(def.element as never, `${at}[]`) };
    case 'optional':
      return { optional: describeSchema(def.innerType as never, at) };
    case 'nullable':
      return { nullable: describeSchema(def.innerType as never, at) };
    case 'union':
      return { anyOf: (def.options ?? []).map((option, i) => describeSchema(option, `${at}|${i}`)) };
    case 'enum':
      return { oneOf: Object.values(def.entries ?? {}) };
    default:
      throw unsupported(`a ${def.type}`);
  }
}

/**
 * The source that replaces web/src/api/schemas.ts in the build: each exported schema as its shape, read
 * by answer-shape.ts.
 *
 * @example
 * siteSchemasSource() // 'import { answerCheck } from "./answer-shape.js";\nexport const USER = answerCheck(JSON.parse("..."));\n...'
 */
export function siteSchemasSource(): string {
  const lines = Object.entries(SCHEMAS as Readonly<Record<string, unknown>>).flatMap(([name, schema]) =>
    isSchema(schema) ? [`export const ${name} = answerCheck(JSON.parse(${JSON.stringify(JSON.stringify(describeSchema(schema, name)))}));`] : [],
  );
  return `import { answerCheck } from './answer-shape.js';\n${lines.join('\n')}\n`;
}

/**
 * In the site's build only, web/src/api/schemas.ts becomes `siteSchemasSource()`: the answers are
 * checked against the same schemas, written once with zod/mini, without zod in the bundle (its core is
 * 5.8 KB gzip of a resource page's first visit).
 */
export function siteSchemas(): Plugin {
  return dataModule('edshed-site-schemas', MODULE, siteSchemasSource);
}
