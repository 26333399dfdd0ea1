/**
 * The text of `edshed help output`: the formats, the table's columns and width, `--fields`, and the one
 * JSON shape of a list.
 *
 * @example
 * outputText().startsWith('Output of edshed') // true
 */
export function outputText(): string {
  return `Output of edshed

Formats (--format, or --json):
  table   on a terminal (the default there): aligned columns, money as £1,234.50, states coloured
  tsv     in a pipe (the default there): a header line, then one record a line, tab-separated
  csv     RFC 4180, formulas neutralised for spreadsheets
  json    the API's body, indented (the same as --json)
  ndjson  one record a line, as JSON

Columns of a table:
  A list shows the columns a person needs of its records, declared with the record's shape: for an
  invoice id, number, school_id, state, total (as money) and due_at. A single record is shown field by
  field, every field. tsv, csv, json and ndjson give every field.
  --fields id,state,total   only these fields, in this order, in every format (checked before sending)
  --fields all              every field, in a table too
  A table fits the width of the terminal: COLUMNS when set, else the terminal's width, else 120
  characters. Wide cells are cut with an ellipsis (…), widest first, and when even that is too wide
  the rightmost columns are left out and named on stderr. A row never wraps.

JSON of a list: always the API's envelope, whether one page, --limit N or --all:
    { "invoices": [ ...records... ], "total": 11 }
  The key is the list's own (invoices, schools, subscriptions, pupils, ...); total is how many the
  list holds in all (absent when the API does not say). With --limit or --all the records of every
  page fetched are in the one list, so jq '.invoices[]' reads them all. --fields keeps the envelope
  and picks the fields of each record. --format ndjson prints one record a line instead, no envelope.

Examples:
  edshed invoices list --take 5
  edshed invoices list --fields all --format tsv
  edshed invoices list --all --json | jq '.invoices[] | select(.state == "open") | .number'
`;
}
