/**
 * CSV as spreadsheets read it (RFC 4180): a cell holding a comma, a quote or a line break is
 * quoted, its quotes doubled; lines end in CRLF.
 *
 * Customers type their own names, so a cell that a spreadsheet would run as a formula (it starts
 * with = + - @, a tab, a carriage return or a null) gets a leading apostrophe and is shown as text
 * (OWASP, "CSV Injection": https://owasp.org/www-community/attacks/CSV_Injection; ASVS 1.2.10).
 * OWASP adds that the start of a cell is not enough: a spreadsheet may start a cell inside ours.
 * Excel splits on ';' where the decimal mark is a comma, and there it does not see our quotes (they
 * are not at the start of its cell), so a line break inside them ends its row. A formula after a
 * semicolon, a tab or a line break (spaces and quotes between) gets its apostrophe too.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r\0]/.test(text)) text = `'${text}`;
  text = text.replace(/([;\t\r\n][\s"]*)(?=[=+\-@])/g, "$1'");
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as one CSV text, each line ended by CRLF. */
export function csvLines(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
