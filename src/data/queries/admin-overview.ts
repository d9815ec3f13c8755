/**
 * The admin's overview (SPEC §2 Admin dashboard): users, chairs, confirmed warranties and open
 * tickets counted, the 3 most recent tickets and the 3 newest pending part requests.
 *
 * Read as three live queries, one per kind of row, because this is the screen an admin watches
 * while the first sync writes tens of thousands of rows: a page of tickets committed re-reads the
 * ticket figures only (index counts, three rows), not every chair and user, and the chairs are
 * read a page at a time, so no re-read is one long task on the main thread.
 */
import { useMemo } from 'react';
import type { PartRequest, SupportTicket } from '../../domain/entities';
import { isWarrantyConfirmed } from '../../domain/warranty';
import type { ChairsideDatabase } from '../db';
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
  return db.users.filter((user) => !user.deletedAt).count();
}

/** Every chair, and those whose warranty is confirmed, reading CHAIR_READ chairs at a time. */
async function loadChairFigures(
  db: ChairsideDatabase,
): Promise<{ total: number; confirmed: number }> {
  let total = 0;
  let confirmed = 0;
  await readInSteps(db.chairs, CHAIR_READ, (page) => {
    total += page.length;
    for (const chair of page) if (isWarrantyConfirmed(chair.warranty)) confirmed += 1;
  });
  return { total, confirmed };
}

async function loadWork(db: ChairsideDatabase) {
  const [open, inProgress, recentTickets, pending] = await Promise.all([
    // One count per status: IndexedDB counts a key range itself, while Dexie counts anyOf() by
    // walking a cursor row by row in script (25k open tickets, on every page a sync commits).
    db.supportTickets.where('status').equals('OPEN').count(),
    db.supportTickets.where('status').equals('IN_PROGRESS').count(),
    db.supportTickets.orderBy('createdAt').reverse().limit(3).toArray(),
    db.partRequests.where('status').equals('PENDING').toArray(),
  ]);
  return {
    openTickets: open + inProgress,
    recentTickets,
    pendingRequests: pending.sort(byNewest).slice(0, 3),
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
