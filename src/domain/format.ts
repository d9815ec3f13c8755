// One formatting module for every screen (SPEC §5 and §9): GBP currency, dates as
// short month, day, year, an invalid date shown as empty, display ids as the last 8 characters.

const currency = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** GBP amount, e.g. 1234.5 → '£1,234.50'. A non-finite amount shows as empty. */
export function formatCurrency(amount: number): string {
  return Number.isFinite(amount) ? currency.format(amount) : '';
}

/** A date from a stored value; missing or invalid gives null. */
export function parseDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 5, 2026'; an invalid or missing date shows as empty. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parseDate(value);
  return date ? shortDate.format(date) : '';
}

/** Display id: the last 8 characters of an id (tickets, requests, part requests). */
export function displayId(id: string): string {
  return id.slice(-8);
}

/**
 * A count with its noun in the right number: '1 item', '3 items', '0 items'. The one place a
 * count is worded; `plural` for nouns that do not take an 's'.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Whole-number percentage, as engineer views show it. */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value)}%` : '';
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** An exact moment in the reader's time zone, 'Mar 5, 2026, 2:07:09 PM'; invalid shows empty. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parseDate(value);
  return date ? dateTime.format(date) : '';
}
