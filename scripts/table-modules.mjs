// The built CLI's cli/table-modules.ts: the endpoint table as plain data, generated here from the table
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

/** A module of entries: the same plain data as the table's, parsed from JSON (V8 reads that fastest). */
export function entriesModuleSource(entries) {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(entries))});\n`;
}

/** What replaces cli/table-modules.ts: static import()s, so the bundler makes each module. */
export function tableModulesSource(nouns) {
  const loaders = nouns.map((noun) => `    ${JSON.stringify(noun)}: () => import(${JSON.stringify(`edshed-table:noun-${noun}`)}),`);
  return `export const TABLE_MODULES = {\n  all: () => import('edshed-table:all'),\n  nouns: {\n${loaders.join('\n')}\n  },\n};\n`;
}

/**
 * The bundler plugin (rolldown): cli/table-modules.ts becomes `tableModulesSource`, `edshed-table:all`
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
      if (id.endsWith('/cli/table-modules.ts')) return tableModulesSource([...groups.keys()]);
      if (!id.startsWith('\0edshed-table:')) return undefined;
      const name = id.slice('\0edshed-table:'.length);
      return entriesModuleSource(name === 'all' ? endpoints : (groups.get(name.replace(/^noun-/, '')) ?? []));
    },
  };
}
