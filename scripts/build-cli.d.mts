// Types of build-cli.mjs for the tests that import its plugins.
import type { OutputEntry } from './drawing-chunk.mjs';

export const importsMarked: {
  name: string;
  generateBundle(options: unknown, bundle: Record<string, OutputEntry>): void;
};
