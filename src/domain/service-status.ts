// Service schedule rules (SPEC §4 Service status, §5 Dates, §9): overdue / due soon / current
// and the 'recent' window. Pure: the time comes in as `now`.

import { parseDate } from './format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A service due within this many days is 'Due Soon'. */
export const DUE_SOON_DAYS = 30;
/** A chair is next due for service this many years after its last service (installation). */
export const SERVICE_INTERVAL_YEARS = 1;
/** 'Recent' means within this many days before now. */
export const RECENT_DAYS = 14;

/** Service status label of a chair. */
export type ServiceStatus = 'Overdue' | 'Due Soon' | 'Current';

type DateInput = string | Date | null | undefined;

/** 'Overdue' once nextServiceDue has passed, 'Due Soon' within 30 days, else (or missing) 'Current'. */
export function serviceStatus(nextServiceDue: DateInput, now: Date): ServiceStatus {
  const due = parseDate(nextServiceDue);
  if (!due) return 'Current';
  const untilDue = due.getTime() - now.getTime();
  if (untilDue < 0) return 'Overdue';
  if (untilDue <= DUE_SOON_DAYS * DAY_MS) return 'Due Soon';
  return 'Current';
}

/** True when the date lies within the last 14 days (not in the future). */
export function isRecent(date: DateInput, now: Date): boolean {
  const value = parseDate(date);
  if (!value) return false;
  const age = now.getTime() - value.getTime();
  return age >= 0 && age <= RECENT_DAYS * DAY_MS;
}

/** When the next service is due after a service at `serviceDate` (ISO): one calendar year on. */
export function nextServiceDueAfter(serviceDate: string): string {
  const date = new Date(serviceDate);
  date.setUTCFullYear(date.getUTCFullYear() + SERVICE_INTERVAL_YEARS);
  return date.toISOString();
}
