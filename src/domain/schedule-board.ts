// The dispatcher's schedule board (issue 45): its columns (the week from today, or one day in
// SPEC §9's booking slots), which column a scheduled visit sits in, and each engineer's row of
// cells with a count and a load level. Pure: the time comes in as `now`; days are local calendar
// days as the engineer's Service Calendar reads them (appointments.ts).
import { WEEK_DAYS, localDateKey } from './appointments';
import { SERVICE_TIME_SLOTS } from './customer-chairs';
import type { ServiceRequest, SupportTicket, User } from './entities';
import { isTicketActive } from './active-tickets';
import { workloadBadge, type WorkloadBadge } from './ratings';

export type BoardView = 'week' | 'day';

/** A column: a whole day (week view) or one booking slot of a day (day view). */
export interface BoardColumn {
  /** Unique among the board's columns: the day, or 'day time'. */
  key: string;
  day: string;
  time: string | null;
}

/** The load of a cell or a row: SPEC §9's workload badge (more than 3 heavy, more than 1 busy). */
export type LoadLevel = WorkloadBadge;
export const loadLevel = (count: number): LoadLevel => workloadBadge(count);

function addDays(day: Date, days: number): Date {
  const next = new Date(day);
  next.setDate(next.getDate() + days);
  return next;
}

/** Today and the six days after it, as 'YYYY-MM-DD'. */
export function boardDays(now: Date): string[] {
  return Array.from({ length: WEEK_DAYS }, (_, i) => localDateKey(addDays(now, i)));
}

/** The week's day columns, or `day`'s 18 booking slots (08:00 to 16:30). */
export function boardColumns(view: BoardView, now: Date, day: string): BoardColumn[] {
  if (view === 'week') return boardDays(now).map((d) => ({ key: d, day: d, time: null }));
  return SERVICE_TIME_SLOTS.map((time) => ({ key: `${day} ${time}`, day, time }));
}

/**
 * The booking slot a time falls in: the last slot starting at or before it. A time before
 * 08:00 sits in the first slot and one after 16:30 in the last, so no visit leaves the board.
 */
export function slotOf(time: string | null): string {
  const first = SERVICE_TIME_SLOTS[0] ?? '08:00';
  if (!time) return first;
  const hhmm = time.slice(0, 5);
  return SERVICE_TIME_SLOTS.filter((slot) => slot <= hhmm).at(-1) ?? first;
}

/** The column key a scheduled visit sits in, or null when it is not on the shown columns. */
export function columnKeyOf(
  request: Pick<ServiceRequest, 'status' | 'scheduledDate' | 'scheduledTime'>,
  view: BoardView,
  columns: readonly BoardColumn[],
): string | null {
  if (request.status !== 'SCHEDULED' || !request.scheduledDate) return null;
  const day = request.scheduledDate.slice(0, 10);
  const key = view === 'week' ? day : `${day} ${slotOf(request.scheduledTime)}`;
  return columns.some((c) => c.key === key) ? key : null;
}

export interface BoardCell<R> {
  visits: R[];
  level: LoadLevel;
}

/** One engineer's row: their active tickets, their visits by column, and the row's load. */
export interface BoardRow<R, T> {
  engineer: User;
  tickets: T[];
  cells: Map<string, BoardCell<R>>;
  /** Visits on the shown columns plus active tickets. */
  count: number;
  /** By active tickets, as the Operations Center's workload badge reads them. */
  level: LoadLevel;
}

/**
 * Each engineer's row: their active tickets and their scheduled visits on the shown columns,
 * visits in a cell by time. Work of someone not in `engineers` is left out (no row to show it).
 */
export function boardRows<
  R extends { request: ServiceRequest },
  T extends { ticket: SupportTicket },
>(
  engineers: readonly User[],
  visits: readonly R[],
  tickets: readonly T[],
  view: BoardView,
  columns: readonly BoardColumn[],
): BoardRow<R, T>[] {
  const rows = new Map(
    engineers.map((engineer) => [
      engineer.id,
      { engineer, tickets: [] as T[], cells: new Map<string, BoardCell<R>>(), count: 0 },
    ]),
  );
  for (const item of tickets) {
    const row = rows.get(item.ticket.engineerUserId ?? '');
    if (row && isTicketActive(item.ticket.status)) row.tickets.push(item);
  }
  const byTime = (a: R, b: R) =>
    (a.request.scheduledTime ?? '').localeCompare(b.request.scheduledTime ?? '');
  for (const item of [...visits].sort(byTime)) {
    const row = rows.get(item.request.engineerUserId ?? '');
    const key = columnKeyOf(item.request, view, columns);
    if (!row || key === null) continue;
    const cell = row.cells.get(key) ?? { visits: [], level: 'default' };
    cell.visits.push(item);
    cell.level = loadLevel(cell.visits.length);
    row.cells.set(key, cell);
    row.count += 1;
  }
  return [...rows.values()].map((row) => ({
    ...row,
    count: row.count + row.tickets.length,
    level: loadLevel(row.tickets.length),
  }));
}
