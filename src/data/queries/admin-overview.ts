/**
 * The admin's overview (SPEC §2 Admin dashboard): users, chairs, confirmed warranties and open
 * tickets counted, the 3 most recent tickets and the 3 newest pending part requests.
 *
 * Read as three live queries, one per kind of row, because this is the screen an admin watches
 * while the first sync writes tens of thousands of rows: a page of tickets committed re-reads the
 * ticket figures only (index counts, three rows), not every chair and user, and the chairs are
 * read a page at a time, so no re-read is one long task on the main thread.
 *
 * On a new device whose first sync is not complete, the four counts are the server's
 * (homeFiguresWhileSyncing, issue 30): the first stage brings the newest tickets and part
 * requests, not every user and chair, and a count of what has arrived so far is not a figure.
 */
import { useMemo } from 'react';
import type { PartRequest, SupportTicket } from '../../domain/entities';
import { isTicketActive } from '../../domain/active-tickets';
import { countTickets } from '../../domain/home-figures';
import { isWarrantyConfirmed } from '../../domain/warranty';
import type { ChairsideDatabase } from '../db';
import { homeFiguresWhileSyncing } from '../mirror-state';
import { useMirror } from '../session-mirror';
import { readInSteps } from './list-read';

export interface AdminOverview {
  totalUsers: number;
  totalChairs: number;
  confirmedWarranties: number;
  openTickets: number;
  recentTickets: SupportTicket[];
  pendingRequests: PartRequest[];
}

const byNewest = (a: { createdAt: string }, b: { createdAt: string }) =>
  b.createdAt.localeCompare(a.createdAt);

/** Chairs read per request: one read's rows are made into objects in one task (~20 µs a chair). */
export const CHAIR_READ = 1000;

/** Users not deleted. */
async function loadUserCount(db: ChairsideDatabase): Promise<number> {
  const figures = await homeFiguresWhileSyncing(db);
  if (figures?.users != null) return figures.users;
  return db.users.filter((user) => !user.deletedAt).count();
}

/** Every chair, and those whose warranty is confirmed, reading CHAIR_READ chairs at a time. */
async function loadChairFigures(
  db: ChairsideDatabase,
): Promise<{ total: number; confirmed: number }> {
  const figures = await homeFiguresWhileSyncing(db);
  if (figures?.chairs != null && figures.confirmedWarranties != null) {
    return { total: figures.chairs, confirmed: figures.confirmedWarranties };
  }
  let total = 0;
  let confirmed = 0;
  await readInSteps(db.chairs, CHAIR_READ, (page) => {
    total += page.length;
    for (const chair of page) if (isWarrantyConfirmed(chair.warranty)) confirmed += 1;
  });
  return { total, confirmed };
}

async function loadWork(db: ChairsideDatabase) {
  const [figures, open, inProgress, recentTickets, pending] = await Promise.all([
    homeFiguresWhileSyncing(db),
    // One count per status: IndexedDB counts a key range itself, while Dexie counts anyOf() by
    // walking a cursor row by row in script (25k open tickets, on every page a sync commits).
    db.supportTickets.where('status').equals('OPEN').count(),
    db.supportTickets.where('status').equals('IN_PROGRESS').count(),
    db.supportTickets.orderBy('createdAt').reverse().limit(3).toArray(),
    db.partRequests.where('status').equals('PENDING').toArray(),
  ]);
  return {
    openTickets: figures
      ? countTickets(figures, (t) => isTicketActive(t.status))
      : open + inProgress,
    recentTickets,
    pendingRequests: pending.sort(byNewest).slice(0, 3),
  };
}

/** The overview in one read (what the three live queries below show together). */
export async function loadAdminOverview(db: ChairsideDatabase): Promise<AdminOverview> {
  const [totalUsers, chairs, work] = await Promise.all([
    loadUserCount(db),
    loadChairFigures(db),
    loadWork(db),
  ]);
  return {
    totalUsers,
    totalChairs: chairs.total,
    confirmedWarranties: chairs.confirmed,
    ...work,
  };
}

/** The overview's figures; undefined until all three are read. */
export function useAdminOverview(): AdminOverview | undefined {
  const users = useMirror<number | undefined>(loadUserCount, [], undefined);
  const chairs = useMirror<Awaited<ReturnType<typeof loadChairFigures>> | undefined>(
    loadChairFigures,
    [],
    undefined,
  );
  const work = useMirror<Awaited<ReturnType<typeof loadWork>> | undefined>(loadWork, [], undefined);
  return useMemo(
    () =>
      users === undefined || !chairs || !work
        ? undefined
        : {
            totalUsers: users,
            totalChairs: chairs.total,
            confirmedWarranties: chairs.confirmed,
            ...work,
          },
    [users, chairs, work],
  );
}
