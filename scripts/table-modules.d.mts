import type { Plugin } from 'rolldown';
import type { Endpoint } from '../core/endpoints/define.js';

export function nounGroups(endpoints: readonly Endpoint[]): Map<string, Endpoint[]>;
export function entriesModuleSource(entries: readonly Endpoint[]): string;
export function tableModulesSource(nouns: readonly string[]): string;
export function tableModulesPlugin(endpoints: readonly Endpoint[]): Plugin;
