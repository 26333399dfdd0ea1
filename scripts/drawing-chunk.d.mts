/** The parts of a rolldown output entry the minifying plugin reads and writes. */
export interface OutputEntry {
  type: 'chunk' | 'asset';
  fileName: string;
  moduleIds?: readonly string[];
  code?: string;
  map?: unknown;
}

export const yogaWithoutFetch: {
  name: string;
  transform(code: string, id: string): { code: string; map: null } | undefined;
};
export const minifyDrawingChunk: {
  name: string;
  generateBundle(options: unknown, bundle: Record<string, OutputEntry>): void;
};
