/**
 * The wire boundary: server rows are snake_case columns (nested jsonb already camelCase); the
 * mirror holds camelCase. Rows are checked as they come off the wire: a row without an id or a
 * change time is refused, never stored.
 */
import type { EntityTable, EntityTables } from '../src/domain/entities';

const camelCache = new Map<string, string>();
/** snake_case to camelCase, remembered: a first sync converts the same few column names 80k times. */
function camel(key: string): string {
  let name = camelCache.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    // Column names are few; a server sending endless new keys must not grow the cache forever.
    if (camelCache.size < 1024) camelCache.set(key, name);
  }
  return name;
}

export class WireFormatError extends Error {
  override name = 'WireFormatError';
}

/** A server row as the mirror stores it. Numeric columns may arrive as strings (numeric). */
export function toLocalRow<T extends EntityTable>(table: T, wire: unknown): EntityTables[T] {
  if (typeof wire !== 'object' || wire === null || Array.isArray(wire)) {
    throw new WireFormatError(`A ${table} row from the server is not an object`);
  }
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wire)) row[camel(key)] = value;
  if (typeof row.id !== 'string' || typeof row.updatedAt !== 'string') {
    throw new WireFormatError(`A ${table} row from the server has no id or updated_at`);
  }
  if (table === 'parts' && typeof row.price === 'string') row.price = Number(row.price);
  return row as unknown as EntityTables[T];
}

/** Whether a server row is soft-deleted (users, parts and training resources). */
export function isDeleted(row: EntityTables[EntityTable]): boolean {
  return 'deletedAt' in row && row.deletedAt !== null && row.deletedAt !== undefined;
}
