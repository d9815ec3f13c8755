/**
 * Spreadsheet cells made safe (issue 32): a cell a spreadsheet would run as a formula (one that
 * starts with =, +, -, @, a tab or a carriage return: OWASP's CSV injection list) is written with
 * a leading apostrophe, which spreadsheets read as "plain text"; an import reads such a cell back
 * as it was, so an exported list imports as it was exported. Dates go out as ISO yyyy-mm-dd.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written to a CSV file: text, with a formula's start made plain. */
export function guardCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell read from a CSV file: the apostrophe `guardCell` put before a formula's start goes. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** A stored date or time as a spreadsheet date, yyyy-mm-dd (UTC, as the screens show it). */
export function isoDay(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
