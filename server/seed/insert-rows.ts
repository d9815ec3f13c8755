// Set-based inserts for the large-data generator (server/seed/generate.ts), as the database owner.
import type { Queryable } from '../db/database';

type Row = Record<string, unknown>;

/**
 * Inserts rows (objects keyed by column name) in one statement through jsonb_populate_recordset.
 * Every column named by any row is listed; a row without it gets null. Returns the count.
 */
export async function insertRows(tx: Queryable, table: string, rows: readonly Row[]) {
  if (rows.length === 0) return 0;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const list = columns.map((c) => `"${c}"`).join(', ');
  const { rows: inserted } = await tx.query<{ n: number }>(
    `with ins as (
       insert into ${table} (${list})
       select ${list} from jsonb_populate_recordset(null::${table}, $1::jsonb)
       returning 1
     ) select count(*)::int as n from ins`,
    [JSON.stringify(rows)],
  );
  return inserted[0]?.n ?? 0;
}

/**
 * Runs fn with a table's updated_at trigger switched off, so seeded rows can carry the time of
 * their last real change (ticket resolution times drive the engineer metrics). Owner only; the
 * ALTERs are transactional, so call inside a transaction.
 */
export async function withStoredUpdatedAt<T>(
  tx: Queryable,
  table: 'support_tickets',
  fn: () => Promise<T>,
): Promise<T> {
  await tx.exec(`alter table public.${table} disable trigger ${table}_set_updated_at`);
  const result = await fn();
  await tx.exec(`alter table public.${table} enable trigger ${table}_set_updated_at`);
  return result;
}

/**
 * Runs fn with the live-update pokes of these tables' inserts switched off (migration 0019): a
 * bulk load of the generated set would otherwise send one poke per customer per chunk, some 30k
 * messages, for devices that are not there yet (they see the rows at their first sync). Owner
 * only; call inside a transaction.
 */
export async function withoutInsertPokes<T>(
  tx: Queryable,
  tables: readonly string[],
  fn: () => Promise<T>,
): Promise<T> {
  for (const t of tables) await tx.exec(`alter table public.${t} disable trigger ${t}_poke_insert`);
  const result = await fn();
  for (const t of tables) await tx.exec(`alter table public.${t} enable trigger ${t}_poke_insert`);
  return result;
}
