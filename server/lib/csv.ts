/** A cell of a CSV file the owner opens in a spreadsheet. */
export type Cell = string | number | null | undefined;

/** A phone as the server stores it: '+' and digits only. */
const PHONE = /^\+\d{7,15}$/;

/**
 * A CSV cell: quoted when it holds the separator, a quote or a line break; a text starting like a formula gets
 * a leading apostrophe (CSV injection: feeds and forms are written by others than the owner who opens the file).
 * A stored phone ('+' and digits, nothing a formula could do) is written as the text formula ="+7…", which
 * Excel and LibreOffice show as the phone itself (an apostrophe would show, a bare '+7…' would become a number).
 */
export function csvCell(v: Cell, separator = ';'): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (PHONE.test(v)) return `"=""${v}"""`;
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return s.includes(separator) || /["\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
