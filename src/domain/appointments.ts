// An engineer's appointments (SPEC §2 Service Calendar): which service requests are booked for
// which day, the calendar's summary counts, and when a visit may be marked completed. Pure: the
// time comes in as `now`; dates are the local calendar day of the engineer's device.

/** The service request fields the calendar reads. */
export interface AppointmentRequest {
  status: string;
  scheduledDate: string | null;
  scheduledTime: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
}

/** The calendar's four summary counts. */
export interface AppointmentSummary {
  today: number;
  thisWeek: number;
  scheduled: number;
  completed: number;
}

/** SPEC §5 Service request: the preferred date is today or later. */
export const PREFERRED_DATE_IN_PAST = 'Preferred date cannot be in the past';

/** True when a YYYY-MM-DD preferred date is not before `today` (ISO dates compare as strings). */
export function isPreferredDateAllowed(date: string, today: string): boolean {
  return date >= today;
}

/** Days counted as "this week": today and the six days after it. */
export const WEEK_DAYS = 7;

/** 'YYYY-MM-DD' of a local calendar day. */
export function localDateKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** The day an appointment is booked for: the scheduled date, else the preferred one. */
export function appointmentDay(request: AppointmentRequest): string | null {
  const date = request.scheduledDate ?? request.preferredDate;
  return date ? date.slice(0, 10) : null;
}

/** The booked time ('HH:MM'): the scheduled time, else the preferred one. */
export function appointmentTime(request: AppointmentRequest): string | null {
  return request.scheduledTime ?? request.preferredTime;
}

/**
 * Counts over one engineer's requests: scheduled today, scheduled from today to six days ahead,
 * all scheduled, all completed.
 */
export function appointmentSummary(
  requests: readonly AppointmentRequest[],
  now: Date,
): AppointmentSummary {
  const today = localDateKey(now);
  const weekEnd = localDateKey(addDays(now, WEEK_DAYS - 1));
  const scheduled = requests.filter((r) => r.status === 'SCHEDULED');
  const days = scheduled.map(appointmentDay);
  return {
    today: days.filter((d) => d === today).length,
    thisWeek: days.filter((d) => d !== null && d >= today && d <= weekEnd).length,
    scheduled: scheduled.length,
    completed: requests.filter((r) => r.status === 'COMPLETED').length,
  };
}

/** A day of appointments; `day` is null for visits whose date is still to be confirmed. */
export interface AppointmentDay<T> {
  day: string | null;
  appointments: T[];
}

/**
 * SCHEDULED requests grouped by day, days in date order and visits by time within a day; visits
 * without a date come last.
 */
export function appointmentsByDay<T extends AppointmentRequest>(
  requests: readonly T[],
): AppointmentDay<T>[] {
  const sortKey = (r: T) => `${appointmentDay(r) ?? '9999-99-99'} ${appointmentTime(r) ?? '99:99'}`;
  const sorted = requests
    .filter((r) => r.status === 'SCHEDULED')
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  const groups: AppointmentDay<T>[] = [];
  for (const request of sorted) {
    const day = appointmentDay(request);
    const last = groups.at(-1);
    if (last && last.day === day) last.appointments.push(request);
    else groups.push({ day, appointments: [request] });
  }
  return groups;
}

/** A scheduled visit can be marked completed once its day has come (today or earlier). */
export function canMarkCompleted(request: AppointmentRequest, now: Date): boolean {
  const day = appointmentDay(request);
  return request.status === 'SCHEDULED' && day !== null && day <= localDateKey(now);
}
