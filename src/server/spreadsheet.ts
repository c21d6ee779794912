/**
 * CSV files as French spreadsheets open them by a double click (Excel, LibreOffice): `;` between
 * cells (the French list separator; `,` is the decimal comma), a UTF-8 BOM (else the accents are
 * read as Windows-1252), CRLF lines. Shared by the inbox's export (inbox/export.ts) and the
 * register's (register/csv.ts).
 *
 * What must stay true: a value a spreadsheet would run as a formula (=, +, -, @ first) is
 * neutralised with a leading apostrophe, since a visitor or a seller wrote it; a plain negative
 * number in French decimals (« -12,50 », the stock's margins) is no formula and stays a number.
 */
export const CSV_SEPARATOR = ";"

/** One cell: quoted when needed, a formula neutralised. */
export function csvCell(value: string | number | undefined): string {
  let text = value === undefined ? "" : String(value)
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(?:,\d+)?$/.test(text)) text = `'${text}`
  return /[",;\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The whole file: the BOM, the header row, then one row per line. */
export function spreadsheetCsv(columns: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string | number | undefined>>): string {
  const line = (cells: ReadonlyArray<string | number | undefined>) => cells.map(csvCell).join(CSV_SEPARATOR)
  return `\uFEFF${[line(columns), ...rows.map(line)].join("\r\n")}\r\n`
}

/** « -12,50 »: an amount in a CSV cell as French spreadsheets read a number (comma, no thousands separator, ASCII minus). */
export function sheetEuros(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100)
  return `${cents < 0 ? "-" : ""}${whole},${String(Math.abs(cents) % 100).padStart(2, "0")}`
}
