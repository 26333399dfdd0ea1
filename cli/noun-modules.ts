/**
 * Where the built CLI finds one noun's entries of the table without loading all of them: the build
 * (scripts/noun-entries.mjs) replaces this module with a map from each noun to a generated module of its
 * entries. From source there is none, and cli/table-nouns.ts reads the whole table.
 */
import type { Endpoint } from '../core/endpoints/define.js';

export const NOUN_MODULES: Readonly<Record<string, () => Promise<{ readonly default: readonly Endpoint[] }>>> | undefined = undefined;
