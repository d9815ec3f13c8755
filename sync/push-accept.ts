/**
 * Push, the accepting side: what an accepted answer does to the mirror. Accepted entries leave
 * the outbox, all in one local transaction, and the rows the server sent back become the
 * server's truth (rebuilt under the changes still pending), so the mirror shows the server's row
 * with nothing lost.
 */
import { ENTITY_TABLES, SERVER_TABLE, type EntityTable } from '../src/domain/entities';
import { allTables, type ChairsideDatabase, type OutboxEntry } from '../src/data/db';
import { runEffect } from '../src/data/effects';
import { acceptServerRows, parseRowKey, rebuild } from '../src/data/local-store';
import { isDeleted, toLocalRow } from './wire';

const LOCAL_TABLE = Object.fromEntries(
  ENTITY_TABLES.map((table) => [SERVER_TABLE[table], table]),
) as Record<string, EntityTable>;

/** The rows of an operation's result ({"support_tickets": [row, ...], ...}) in mirror form. */
function resultRows(data: unknown): { table: EntityTable; row: ReturnType<typeof toLocalRow> }[] {
  if (typeof data !== 'object' || data === null) return [];
  const rows: { table: EntityTable; row: ReturnType<typeof toLocalRow> }[] = [];
  for (const [serverTable, list] of Object.entries(data)) {
    const table = LOCAL_TABLE[serverTable];
    if (!table || !Array.isArray(list)) continue;
    for (const wire of list) rows.push({ table, row: toLocalRow(table, wire) });
  }
  return rows;
}

/**
 * Accepted entries leave the outbox, all in one local transaction; their result rows become the
 * server's truth (acceptServerRows: rows no pending entry covers are written as sent, covered ones
 * are rebuilt on top), and rows they touched that the server did not send back are rebuilt.
 */
export async function accept(
  db: ChairsideDatabase,
  accepted: { entry: OutboxEntry; data: unknown }[],
): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    await leaveOutbox(
      db,
      accepted.map(({ entry }) => entry.seq!),
    );
    // By table and id; the last answer for a row wins (later entries saw the earlier applied).
    const returned = new Map<EntityTable, Map<string, ReturnType<typeof toLocalRow>>>();
    for (const { data } of accepted) {
      for (const { table, row } of resultRows(data)) {
        const rows = returned.get(table) ?? new Map<string, ReturnType<typeof toLocalRow>>();
        returned.set(table, rows.set(row.id, row));
      }
    }
    for (const [table, byId] of returned) {
      const rows = [...byId.values()];
      const removed = rows.filter(isDeleted).map((row) => row.id);
      const live = rows.filter((row) => !isDeleted(row));
      await acceptServerRows(db, table, live, removed, runEffect);
    }
    const notReturned = accepted
      .flatMap(({ entry }) => entry.touches)
      .filter((key) => {
        const { table, id } = parseRowKey(key);
        return !returned.get(table)?.has(id);
      });
    await rebuild(db, notReturned, runEffect);
  });
}

/**
 * Takes accepted entries out of the outbox. A batch is usually a run of consecutive entries (the
 * head of the queue), whose keys are then exactly one key range: one IndexedDB request instead of
 * one per entry. Otherwise (a rejected entry kept in between), one per entry.
 */
async function leaveOutbox(db: ChairsideDatabase, seqs: number[]): Promise<void> {
  const first = seqs[0];
  const last = seqs[seqs.length - 1];
  const consecutive =
    first !== undefined &&
    last !== undefined &&
    last - first === seqs.length - 1 &&
    seqs.every((seq, i) => seq === first + i);
  if (consecutive && seqs.length > 1) {
    await db.outbox.where(':id').between(first, last, true, true).delete();
  } else {
    await db.outbox.bulkDelete(seqs);
  }
}
