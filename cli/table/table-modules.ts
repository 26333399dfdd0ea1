/**
 * Where the built CLI finds the endpoint table as plain data: the whole table, and each noun's entries
 * apart. The build (scripts/table-modules.mjs) replaces this module with loaders of modules it generates
 * from the table itself; V8 reads that data as JSON in a fraction of the time the table's code takes to
 * load and run. From source there are none, and cli/table-nouns.ts reads core's table.
 */
import type { Endpoint } from '../../core/endpoints/define.js';

type Entries = () => Promise<{ readonly default: readonly Endpoint[] }>;

export const TABLE_MODULES: { readonly all: Entries; readonly nouns: Readonly<Record<string, Entries>> } | undefined =
  undefined;
