/**
 * Push: replays the user's pending outbox, oldest first, through the guarded operations.
 *
 * Promises:
 *  - order: an entry is sent only after every earlier pending entry was accepted or rejected; a
 *    transient failure stops the pass with the entry still first in line, so nothing is dropped
 *    or reordered;
 *  - exactly once: every send carries the entry's mutation id; the server's ledger turns a
 *    replay after a lost response into the first answer;
 *  - identity: an entry is only ever sent for the user who made it;
 *  - a rejected entry (conflict, validation, forbidden, not found) stops being retried, keeps the
 *    user's input and the server's reason in 'needs attention', and the rows it touched go back to
 *    the server's truth (re-read from the server), with the other pending changes re-applied.
 *    It does not hold up the entries behind it.
 */
import { ENTITY_TABLES, SERVER_TABLE, type EntityTable } from '../src/domain/entities';
import { mutationArgSchemas, rpcName, type RejectionClass } from '../src/domain/mutations';
import { allTables, type ChairsideDatabase, type OutboxEntry } from '../src/data/db';
import { runEffect } from '../src/data/effects';
import { parseRowKey, rebuild, rowKey } from '../src/data/local-store';
import { classify, type Outcome } from './classify';
import type { AuthPort, Transport } from './transport';
import { isDeleted, toLocalRow } from './wire';

export type PushStop =
  { kind: 'transient'; reason: string } | { kind: 'signInRequired'; reason: string };

export interface PushResult {
  accepted: number;
  rejected: number;
  stop?: PushStop;
}

const LOCAL_TABLE = Object.fromEntries(
  ENTITY_TABLES.map((table) => [SERVER_TABLE[table], table]),
) as Record<string, EntityTable>;

export async function pushOutbox(
  db: ChairsideDatabase,
  userId: string,
  transport: Transport,
  auth: AuthPort,
): Promise<PushResult> {
  const result: PushResult = { accepted: 0, rejected: 0 };
  let refreshedFor: string | null = null;
  for (;;) {
    const entry = await db.outbox.where('status').equals('pending').first();
    if (!entry) return result;

    if (entry.userId !== userId) {
      await reject(db, transport, entry, 'forbidden', 'This change was made by another user');
      result.rejected += 1;
      continue;
    }
    const parsed = mutationArgSchemas[entry.name]?.safeParse(entry.args);
    if (!parsed?.success) {
      const message = parsed?.error.issues[0]?.message ?? `Unknown change ${entry.name}`;
      await reject(db, transport, entry, 'validation', message);
      result.rejected += 1;
      continue;
    }

    const outcome: Outcome = classify(
      await transport.rpc(rpcName(entry.name), { mutation_id: entry.id, args: parsed.data }),
    );
    switch (outcome.kind) {
      case 'accepted':
        await accept(db, entry, outcome.data);
        result.accepted += 1;
        break;
      case 'rejected':
        await reject(db, transport, entry, outcome.errorClass, outcome.message);
        result.rejected += 1;
        break;
      case 'transient':
        await noteFailure(db, entry, outcome.reason);
        return { ...result, stop: { kind: 'transient', reason: outcome.reason } };
      case 'auth': {
        if (refreshedFor === entry.id) {
          return { ...result, stop: { kind: 'signInRequired', reason: outcome.reason } };
        }
        const refreshed = await auth.refresh();
        if (refreshed === 'refused') {
          return { ...result, stop: { kind: 'signInRequired', reason: outcome.reason } };
        }
        if (refreshed === 'offline') {
          await noteFailure(db, entry, outcome.reason);
          return { ...result, stop: { kind: 'transient', reason: outcome.reason } };
        }
        refreshedFor = entry.id; // retry this entry once with the new token
        break;
      }
    }
  }
}

async function noteFailure(db: ChairsideDatabase, entry: OutboxEntry, reason: string) {
  await db.outbox.update(entry.seq!, { attempts: entry.attempts + 1, lastError: reason });
}

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

async function accept(db: ChairsideDatabase, entry: OutboxEntry, data: unknown): Promise<void> {
  const rows = resultRows(data);
  await db.transaction('rw', allTables(db), async () => {
    await db.outbox.delete(entry.seq!);
    const keys = new Set(entry.touches);
    for (const { table, row } of rows) {
      const key = rowKey(table, row.id);
      const serverRow = isDeleted(row) ? null : (row as unknown as Record<string, unknown>);
      if (await db.shadows.get(key)) {
        await db.shadows.put({ key, row: serverRow });
        keys.add(key);
      } else if (serverRow) await db[table].put(row as never);
      else await db[table].delete(row.id);
    }
    await rebuild(db, keys, runEffect);
  });
}

/** Re-reads the touched rows as the server shows them now; null when unreachable. */
async function serverTruth(
  transport: Transport,
  touches: string[],
): Promise<Map<string, Record<string, unknown> | null> | null> {
  const byTable = new Map<EntityTable, string[]>();
  for (const key of touches) {
    const { table, id } = parseRowKey(key);
    byTable.set(table, [...(byTable.get(table) ?? []), id]);
  }
  const truth = new Map<string, Record<string, unknown> | null>();
  for (const [table, ids] of byTable) {
    const response = await transport.rpc('sync_rows', { table_name: SERVER_TABLE[table], ids });
    const outcome = classify(response);
    if (outcome.kind !== 'accepted') return null;
    const list = (outcome.data as { rows?: unknown[] } | null)?.rows ?? [];
    for (const id of ids) truth.set(rowKey(table, id), null);
    for (const wire of list) {
      const row = toLocalRow(table, wire);
      truth.set(rowKey(table, row.id), isDeleted(row) ? null : (row as never));
    }
  }
  return truth;
}

async function reject(
  db: ChairsideDatabase,
  transport: Transport,
  entry: OutboxEntry,
  errorClass: RejectionClass,
  message: string,
): Promise<void> {
  const truth = await serverTruth(transport, entry.touches);
  await db.transaction('rw', allTables(db), async () => {
    await db.outbox.update(entry.seq!, {
      status: 'rejected',
      rejection: { errorClass, message, at: new Date().toISOString() },
    });
    if (truth) {
      for (const [key, row] of truth) {
        if (await db.shadows.get(key)) await db.shadows.put({ key, row });
      }
    }
    await rebuild(db, entry.touches, runEffect);
  });
}

/** Puts a rejected entry back in line (keeping its place) and re-applies it locally. */
export async function retryEntry(db: ChairsideDatabase, mutationId: string): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const entry = await db.outbox.get({ id: mutationId });
    if (!entry || entry.status !== 'rejected') return;
    const { seq, touches } = entry;
    await db.outbox.update(seq!, { status: 'pending', rejection: undefined, attempts: 0 });
    // Rows it touched may have lost their shadow when it was rejected: snapshot them again.
    for (const key of touches) {
      if (await db.shadows.get(key)) continue;
      const { table, id } = parseRowKey(key);
      const current = await db[table].get(id);
      await db.shadows.put({ key, row: (current as Record<string, unknown> | undefined) ?? null });
    }
    await rebuild(db, touches, runEffect);
  });
}

/** Drops a rejected entry for good: the user chose not to keep that change. */
export async function discardEntry(db: ChairsideDatabase, mutationId: string): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const entry = await db.outbox.get({ id: mutationId });
    if (!entry || entry.status !== 'rejected') return;
    await db.outbox.delete(entry.seq!);
    await rebuild(db, entry.touches, runEffect);
  });
}
