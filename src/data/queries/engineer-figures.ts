/**
 * Every engineer's figures for the vendor's screens (SPEC §3 Engineer metrics, §9), read from
 * the indexes in two parts so a screen can show the cheap part first:
 * - the counts (active and resolved tickets, completion rate, services): a native index count
 *   per engineer and ticket status, [assigneeKey+status+createdAt+updatedAt], and the service
 *   request counts; no key or row is read, a few ms at full size;
 * - the average resolution hours: the keys of each engineer's RESOLVED and CLOSED tickets in
 *   [assigneeKey+status+createdAt+resolvedAt] (their creation and resolution times are in the
 *   key; issue 29), the only figure that needs more than a count.
 *
 * The rules are the domain's (countsOf, averageResolutionHours: workloadsOf's parts), applied to
 * what the indexes hold; vendor.test.ts holds them equal to the rules over every row. No ticket
 * or request row is read. The live hooks: engineer-workloads.ts.
 *
 * On a new device whose first sync is not complete, both parts come from the server's counts of
 * the same rows (homeFiguresWhileSyncing, issue 30), read by the same rules.
 */
import type { SupportTicket } from '../../domain/entities';
import { countRequests, resolutionHoursOf, ticketsByStatusOf } from '../../domain/home-figures';
import { RESOLVED_TICKET_STATUSES, averageResolutionHours } from '../../domain/metrics';
import { TICKET_STATUSES } from '../../domain/schemas/common';
import {
  countsOf,
  loadedWorkloads,
  type EngineerCounts,
  type EngineerWorkload,
  type PendingWorkload,
} from '../../domain/vendor';
import { byAssignee, type ChairsideDatabase } from '../db';
import { homeFiguresWhileSyncing } from '../mirror-state';
import { loadEngineers, requestCountsByEngineer } from './vendor';

const TICKET_KEY = '[assigneeKey+status+createdAt+updatedAt]';
/** Resolved tickets with their resolution time in the key (v7; only resolved rows have one). */
const RESOLVED_KEY = '[assigneeKey+status+createdAt+resolvedAt]';

/** The ticket statuses that count as resolved, as the index holds them. */
const RESOLVED = TICKET_STATUSES.filter((status) => RESOLVED_TICKET_STATUSES.includes(status));

/** A resolved ticket's key in [assigneeKey+status+createdAt+resolvedAt]. */
type ResolvedKey = [string, SupportTicket['status'], string, string];

/**
 * One engineer's tickets of one status in TICKET_KEY: from [id, status] (a prefix sorts before
 * every key it begins) to [id, status, []] (an array sorts after every string time).
 */
function ticketsOf(db: ChairsideDatabase, engineerId: string, status: SupportTicket['status']) {
  return db.supportTickets
    .where(TICKET_KEY)
    .between([engineerId, status], [engineerId, status, []]);
}

/**
 * Every engineer's counts, by name: index counts only (one transaction a table: a transaction
 * per count would queue hundreds of times behind a sync's writes).
 */
export async function loadEngineerCounts(db: ChairsideDatabase): Promise<EngineerCounts[]> {
  const [engineers, figures] = await Promise.all([loadEngineers(db), homeFiguresWhileSyncing(db)]);
  if (figures) {
    return engineers.map((engineer) => {
      const theirs = (r: { engineerId: string | null }) => r.engineerId === engineer.id;
      return countsOf(engineer, ticketsByStatusOf(figures, engineer.id), {
        assigned: countRequests(figures, theirs),
        completed: countRequests(figures, (r) => theirs(r) && r.status === 'COMPLETED'),
      });
    });
  }
  const [byStatus, assigned, completed] = await Promise.all([
    db.transaction('r', db.supportTickets, () =>
      Promise.all(
        engineers.map(async (e) => {
          const counts = await Promise.all(
            TICKET_STATUSES.map((status) => ticketsOf(db, e.id, status).count()),
          );
          return new Map(TICKET_STATUSES.map((status, i) => [status, counts[i] ?? 0]));
        }),
      ),
    ),
    db.transaction('r', db.serviceRequests, () =>
      Promise.all(engineers.map((e) => byAssignee(db.serviceRequests, e.id).count())),
    ),
    requestCountsByEngineer(db, engineers, 'COMPLETED'),
  ]);
  return engineers.map((engineer, i) =>
    countsOf(engineer, byStatus[i] ?? new Map(), {
      assigned: assigned[i] ?? 0,
      completed: completed.get(engineer.id) ?? 0,
    }),
  );
}

/**
 * Every engineer's average resolution hours, by id, from the keys of their resolved tickets
 * alone. One cursor per engineer, each in its own read transaction: the browser serves them side
 * by side, and each engineer's average is made as their keys arrive (a task each, not one long
 * pass over every key).
 */
export async function loadResolutionHours(
  db: ChairsideDatabase,
): Promise<Map<string, number | null>> {
  const [engineers, figures] = await Promise.all([loadEngineers(db), homeFiguresWhileSyncing(db)]);
  if (figures) return new Map(engineers.map((e) => [e.id, resolutionHoursOf(figures, e.id)]));
  const hours = await Promise.all(
    engineers.map(async (engineer) => {
      const ranges = await Promise.all(
        RESOLVED.map(async (status) => {
          const keys = await db.supportTickets
            .where(RESOLVED_KEY)
            .between([engineer.id, status], [engineer.id, status, []])
            .keys();
          return keys as unknown as ResolvedKey[];
        }),
      );
      const resolved = ranges.flat().map(([, , createdAt, resolvedAt]) => ({
        createdAt,
        updatedAt: resolvedAt,
        resolvedAt,
      }));
      return averageResolutionHours(resolved);
    }),
  );
  return new Map(engineers.map((e, i) => [e.id, hours[i] ?? null]));
}

/** Every engineer's whole figures (workloadsOf over every row), both parts read. */
export async function loadEngineerWorkloads(db: ChairsideDatabase): Promise<EngineerWorkload[]> {
  const [counts, hours] = await Promise.all([loadEngineerCounts(db), loadResolutionHours(db)]);
  return loadedWorkloads(withHours(counts, hours)) ?? [];
}

/** The counts with each engineer's resolution hours where read (undefined where not yet). */
export function withHours(
  counts: readonly EngineerCounts[],
  hours: ReadonlyMap<string, number | null> | undefined,
): PendingWorkload[] {
  return counts.map((c) => ({ ...c, averageResolutionTime: hours?.get(c.engineer.id) }));
}
