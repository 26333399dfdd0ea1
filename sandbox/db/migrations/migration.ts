/** One schema step. Versions are increasing integers; a released migration is never edited, only followed. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
