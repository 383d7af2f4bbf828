/**
 * CSV as spreadsheets read it (RFC 4180): a cell holding a comma, a quote or a line break is
 * quoted, its quotes doubled; lines end in CRLF.
 *
 * Customers type their own names, so a cell that a spreadsheet would run as a formula (it starts
 * with = + - @, a tab or a carriage return) gets a leading apostrophe and is shown as text
 * (OWASP, "CSV Injection": https://owasp.org/www-community/attacks/CSV_Injection).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as one CSV text, each line ended by CRLF. */
export function csvLines(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
