// The built CLI's cli/noun-modules.ts: running one noun loads a small module of that noun's entries
// (plain data, generated here from the table itself) instead of the whole table of 777.

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

/** The module of one noun's entries: the same plain data as the table's, parsed from JSON (V8 reads that fastest). */
export function nounModuleSource(entries) {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(entries))});\n`;
}

/** What replaces cli/noun-modules.ts: each noun's loader, a static import() so the bundler makes its module. */
export function nounModulesSource(nouns) {
  const loaders = nouns.map((noun) => `  ${JSON.stringify(noun)}: () => import(${JSON.stringify(`edshed-noun:${noun}`)}),`);
  return `export const NOUN_MODULES = {\n${loaders.join('\n')}\n};\n`;
}

/**
 * The esbuild plugin: cli/noun-modules.ts becomes `nounModulesSource`, and `edshed-noun:NAME` each noun's module.
 *
 * @example
 * await build({ ...options, plugins: [nounEntriesPlugin(ENDPOINTS)] });
 */
export function nounEntriesPlugin(endpoints) {
  const groups = nounGroups(endpoints);
  return {
    name: 'edshed-noun-entries',
    setup(build) {
      build.onLoad({ filter: /\/cli\/noun-modules\.ts$/ }, () => ({ contents: nounModulesSource([...groups.keys()]), loader: 'js' }));
      build.onResolve({ filter: /^edshed-noun:/ }, (args) => ({ path: args.path.slice('edshed-noun:'.length), namespace: 'edshed-noun' }));
      build.onLoad({ filter: /.*/, namespace: 'edshed-noun' }, (args) => ({ contents: nounModuleSource(groups.get(args.path) ?? []), loader: 'js' }));
    },
  };
}
