/** The output formats of `--format`: a module of its own, so defining the flag loads no renderer. */
export const FORMATS = ['table', 'tsv', 'csv', 'json', 'ndjson'] as const;
export type Format = (typeof FORMATS)[number];
