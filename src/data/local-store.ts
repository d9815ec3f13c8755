/**
 * Row access for local effects, and the rebase machinery.
 *
 * A mutation's local effect (src/data/effects) reads and writes rows through a LocalStore. The
 * recording store used by actions notes every row an effect writes (`touches`) and, the first time
 * a row is touched while no pending mutation covers it, keeps the row as it was (the server's
 * truth) in `shadows`. From then on a row's displayed value is always
 *
 *     displayed = pending effects, in outbox order, applied to the shadow
 *
 * so a pull (new shadow), an accepted push (the server's row becomes the shadow) or a rejection
 * (its effect drops out) all end with `rebuild`, which recomputes exactly that. Pending changes
 * are never lost and never flicker back to stale values.
 *
 * Must be called inside a Dexie 'rw' transaction over allTables(db).
 */
import type { EntityTable, EntityTables } from '../domain/entities';
import type { RejectionClass } from '../domain/mutations';
import type { Table } from 'dexie';
import type { ChairsideDatabase, OutboxEntry, Shadow } from './db';

/** A local effect refusing a change the mirror already shows cannot succeed. */
export class MutationRejected extends Error {
  constructor(
    readonly errorClass: RejectionClass,
    message: string,
  ) {
    super(message);
    this.name = 'MutationRejected';
  }
}

export interface LocalStore {
  get<T extends EntityTable>(table: T, id: string): Promise<EntityTables[T] | undefined>;
  put<T extends EntityTable>(table: T, row: EntityTables[T]): Promise<void>;
  remove(table: EntityTable, id: string): Promise<void>;
  /** Rows of a table whose indexed field equals value. */
  where<T extends EntityTable>(table: T, field: string, value: string): Promise<EntityTables[T][]>;
}

export const rowKey = (table: EntityTable, id: string): string => `${table}:${id}`;

export function parseRowKey(key: string): { table: EntityTable; id: string } {
  const at = key.indexOf(':');
  return { table: key.slice(0, at) as EntityTable, id: key.slice(at + 1) };
}

/** Plain access to the mirror, no recording. */
export function plainStore(db: ChairsideDatabase): LocalStore {
  return {
    get: (table, id) => db[table].get(id) as never,
    put: async (table, row) => {
      await db[table].put(row as never);
    },
    remove: async (table, id) => {
      await db[table].delete(id);
    },
    where: (table, field, value) => db[table].where(field).equals(value).toArray() as never,
  };
}

/**
 * A store that records the keys written and snapshots each row's server version into `shadows`
 * before its first local change.
 */
export function recordingStore(db: ChairsideDatabase): LocalStore & { touched: () => string[] } {
  const inner = plainStore(db);
  const touched = new Set<string>();
  const snapshot = async (table: EntityTable, id: string) => {
    const key = rowKey(table, id);
    if (touched.has(key)) return;
    touched.add(key);
    if ((await db.shadows.get(key)) === undefined) {
      const current = await db[table].get(id);
      await db.shadows.put({ key, row: (current as Record<string, unknown> | undefined) ?? null });
    }
  };
  return {
    get: inner.get,
    where: inner.where,
    put: async (table, row) => {
      await snapshot(table, row.id);
      await inner.put(table, row);
    },
    remove: async (table, id) => {
      await snapshot(table, id);
      await inner.remove(table, id);
    },
    touched: () => [...touched],
  };
}

export type EffectRunner = (
  store: LocalStore,
  entry: Pick<OutboxEntry, 'name' | 'args' | 'userId' | 'createdAt'>,
) => Promise<void>;

/**
 * Recomputes the displayed rows for `keys`: every row touched by a pending entry that touches any
 * of them (closed over shared keys) is reset to its shadow, then the pending entries are applied
 * again in order. Shadows no pending entry covers any more are dropped: the row is server truth.
 */
export async function rebuild(
  db: ChairsideDatabase,
  keys: Iterable<string>,
  runEffect: EffectRunner,
): Promise<void> {
  // Only the pending entries that share rows with `keys` (transitively) take part: found through
  // the outbox's touches index, so replaying a long queue stays linear.
  const affected = new Set(keys);
  const involved = new Map<number, OutboxEntry>();
  let frontier = [...affected];
  while (frontier.length > 0) {
    const touching = await db.outbox.where('touches').anyOf(frontier).toArray();
    frontier = [];
    for (const entry of touching) {
      if (entry.status !== 'pending' || involved.has(entry.seq!)) continue;
      involved.set(entry.seq!, entry);
      for (const k of entry.touches) {
        if (!affected.has(k)) {
          affected.add(k);
          frontier.push(k);
        }
      }
    }
  }
  const pending = [...involved.values()].sort((a, b) => a.seq! - b.seq!);

  for (const key of affected) {
    const shadow = await db.shadows.get(key);
    if (!shadow) continue; // no local change was ever made to this row: it already is server truth
    const { table, id } = parseRowKey(key);
    if (shadow.row) await db[table].put(shadow.row as never);
    else await db[table].delete(id);
  }

  const store = plainStore(db);
  for (const entry of pending) {
    try {
      await runEffect(store, entry);
    } catch (error) {
      // The change no longer fits the server's state; the push will bring the server's verdict.
      if (!(error instanceof MutationRejected)) throw error;
    }
  }

  const stillCovered = new Set(pending.flatMap((e) => e.touches));
  for (const key of affected) {
    if (!stillCovered.has(key)) await db.shadows.delete(key);
  }
}

/**
 * Takes a server row (pulled, or returned by an accepted push) into the mirror. A row no pending
 * entry covers is written as is; a covered row becomes the new shadow and is rebuilt on top.
 * `row === null` means the server no longer has it (or no longer shows it to this user).
 */
export async function acceptServerRow(
  db: ChairsideDatabase,
  table: EntityTable,
  id: string,
  row: EntityTables[EntityTable] | null,
  runEffect: EffectRunner,
): Promise<void> {
  const key = rowKey(table, id);
  const shadow = await db.shadows.get(key);
  if (!shadow) {
    if (row) await db[table].put(row as never);
    else await db[table].delete(id);
    return;
  }
  await db.shadows.put({ key, row: row as Record<string, unknown> | null });
  await rebuild(db, [key], runEffect);
}

/**
 * Rows per put request batch of a plain write. Making a put request clones the row on the main
 * thread (structured clone, then a copy for the index keys) and sends it to IndexedDB, about
 * 60 µs a row: a write of more rows is made in steps of this many in the same transaction, each
 * step made when the one before has been written (a task of its own), so the page never waits
 * for a long write.
 */
export const PUT_STEP = 100;

/**
 * bulkPut in steps of PUT_STEP rows, within the caller's transaction, two steps in flight: the
 * next step is made while IndexedDB writes the one before, so its thread never waits for this
 * one between steps (one at a time, a first sync left it idle for a tenth of its time).
 */
export async function putInSteps(table: Table, rows: readonly unknown[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const start = next;
      next += PUT_STEP;
      await table.bulkPut(rows.slice(start, start + PUT_STEP));
    }
  };
  await Promise.all([lane(), lane()]);
}

/**
 * acceptServerRow for a page of rows: rows no pending entry covers go in with one bulkPut /
 * bulkDelete (the first sync moves tens of thousands of rows; a push accepts a batch of answers),
 * dropping a shadow left by entries that just left the outbox (what a rebuild would come to);
 * covered ones become shadows and are rebuilt.
 */
export async function acceptServerRows<T extends EntityTable>(
  db: ChairsideDatabase,
  table: T,
  rows: readonly EntityTables[T][],
  removedIds: readonly string[],
  runEffect: EffectRunner,
): Promise<void> {
  const shadowKeys = new Set(
    (await db.shadows.where('key').startsWith(`${table}:`).primaryKeys()) as string[],
  );
  if (shadowKeys.size === 0) {
    // No local change covers any row of this table (every first sync): plain writes, nothing else.
    await putInSteps(db[table] as Table, rows);
    if (removedIds.length > 0) await db[table].bulkDelete([...removedIds]);
    return;
  }
  const incoming = [
    ...rows.map((row) => ({ id: row.id, row: row as EntityTables[T] | null })),
    ...removedIds.map((id) => ({ id, row: null })),
  ];
  const shadowed = incoming.map(({ id }) => rowKey(table, id)).filter((k) => shadowKeys.has(k));
  const covered = new Set(
    shadowed.length === 0
      ? []
      : (await db.outbox.where('touches').anyOf(shadowed).toArray())
          .filter((entry) => entry.status === 'pending')
          .flatMap((entry) => entry.touches),
  );
  const shadows: Shadow[] = [];
  const staleShadows: string[] = [];
  const plainRows: EntityTables[T][] = [];
  const plainRemovals: string[] = [];
  for (const { id, row } of incoming) {
    const key = rowKey(table, id);
    if (covered.has(key)) {
      shadows.push({ key, row: row as unknown as Record<string, unknown> | null });
      continue;
    }
    if (shadowKeys.has(key)) staleShadows.push(key);
    if (row) plainRows.push(row);
    else plainRemovals.push(id);
  }
  if (shadows.length > 0) await db.shadows.bulkPut(shadows);
  if (staleShadows.length > 0) await db.shadows.bulkDelete(staleShadows);
  await putInSteps(db[table] as Table, plainRows);
  if (plainRemovals.length > 0) await db[table].bulkDelete(plainRemovals);
  if (shadows.length > 0)
    await rebuild(
      db,
      shadows.map((s) => s.key),
      runEffect,
    );
}
