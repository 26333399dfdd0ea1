import type { Plugin } from 'esbuild';
import type { Endpoint } from '../core/endpoints/define.js';

export function nounGroups(endpoints: readonly Endpoint[]): Map<string, Endpoint[]>;
export function nounModuleSource(entries: readonly Endpoint[]): string;
export function nounModulesSource(nouns: readonly string[]): string;
export function nounEntriesPlugin(endpoints: readonly Endpoint[]): Plugin;
