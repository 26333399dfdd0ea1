// The built CLI's cli/table/table-modules.ts: the endpoint table as plain data, generated here from the table
// itself: the whole of it, and a module of each noun's entries (running one noun loads only its own).

/**
 * The table's entries grouped by noun, in table order.
 *
 * @example
 * nounGroups(ENDPOINTS).get('invoices')?.[0]?.command // 'invoices list'
 */
export function nounGroups(endpoints) {
  const groups = new Map();
  for (const endpoint of endpoints) {
    const noun = endpoint.command.split(' ')[0];
    groups.set(noun, [...(groups.get(noun) ?? []), endpoint]);
  }
  return groups;
}

function isShape(value) {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof value.name === 'string' &&
    typeof value.fields === 'object'
  );
}

/** Every named shape the entries' replies hold, by name (a nullable or optional copy is written as the shape and its flag). */
function namedShapes(entries) {
  const shapes = new Map();
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    if (isShape(value)) {
      if (!shapes.has(value.name)) {
        const { nullable: _nullable, optional: _optional, ...plain } = value;
        shapes.set(value.name, plain);
      }
    }
    Object.values(value).forEach(visit);
  };
  for (const entry of entries) visit(entry.reply);
  return shapes;
}

/**
 * The entries with each named shape of their replies written once, by name (`{ "$shape": "invoice" }`):
 * 778 entries inlining their shapes would make the table's JSON three times larger.
 */
function byName(entries) {
  const named = namedShapes(entries);
  const canonical = new Map([...named].map(([name, shape]) => [name, JSON.stringify(shape)]));
  const shapes = {};
  const encode = (value) => {
    if (Array.isArray(value)) return value.map(encode);
    if (value === null || typeof value !== 'object') return value;
    const { nullable, optional, ...plain } = isShape(value) ? value : {};
    if (isShape(value) && canonical.get(value.name) === JSON.stringify(plain)) {
      if (!(value.name in shapes)) {
        shapes[value.name] = null;
        shapes[value.name] = encodeObject(named.get(value.name));
      }
      return { $shape: value.name, ...(nullable ? { nullable } : {}), ...(optional ? { optional } : {}) };
    }
    return encodeObject(value);
  };
  const encodeObject = (value) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return {
    shapes,
    entries: entries.map((entry) => (entry.reply === undefined ? entry : { ...entry, reply: encode(entry.reply) })),
  };
}

/** Turns `{ "$shape": name }` back into the one shape object of that name (shared by every entry that names it). */
const RESOLVE = `function resolve({ shapes, entries }) {
  const done = {};
  const shape = (name) => done[name] ?? (done[name] = value(shapes[name]));
  const value = (v) => {
    if (Array.isArray(v)) return v.map(value);
    if (v === null || typeof v !== 'object') return v;
    if (typeof v.$shape === 'string') {
      const { $shape, ...flags } = v;
      return Object.keys(flags).length === 0 ? shape($shape) : { ...shape($shape), ...flags };
    }
    const out = {};
    for (const k of Object.keys(v)) out[k] = value(v[k]);
    return out;
  };
  return entries.map((e) => (e.reply === undefined ? e : { ...e, reply: value(e.reply) }));
}`;

/**
 * A module of entries: the same plain data as the table's, parsed from JSON (V8 reads that fastest), each
 * named reply shape written once and shared again on load.
 */
export function entriesModuleSource(entries) {
  return `${RESOLVE}\nexport default resolve(JSON.parse(${JSON.stringify(JSON.stringify(byName(entries)))}));\n`;
}

/** What replaces cli/table/table-modules.ts: static import()s, so the bundler makes each module. */
export function tableModulesSource(nouns) {
  const loaders = nouns.map(
    (noun) => `    ${JSON.stringify(noun)}: () => import(${JSON.stringify(`edshed-table:noun-${noun}`)}),`,
  );
  return `export const TABLE_MODULES = {\n  all: () => import('edshed-table:all'),\n  nouns: {\n${loaders.join('\n')}\n  },\n};\n`;
}

/**
 * The bundler plugin (rolldown): cli/table/table-modules.ts becomes `tableModulesSource`, `edshed-table:all`
 * the whole table and `edshed-table:noun-NAME` each noun's entries.
 *
 * @example
 * await rolldown({ ...options, plugins: [tableModulesPlugin(ENDPOINTS)] });
 */
export function tableModulesPlugin(endpoints) {
  const groups = nounGroups(endpoints);
  return {
    name: 'edshed-table-modules',
    resolveId: (source) => (source.startsWith('edshed-table:') ? `\0${source}` : undefined),
    load(id) {
      if (id.endsWith('/cli/table/table-modules.ts')) return tableModulesSource([...groups.keys()]);
      if (!id.startsWith('\0edshed-table:')) return undefined;
      const name = id.slice('\0edshed-table:'.length);
      return entriesModuleSource(name === 'all' ? endpoints : (groups.get(name.replace(/^noun-/, '')) ?? []));
    },
  };
}
