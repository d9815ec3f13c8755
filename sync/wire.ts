/**
 * The wire boundary: server rows are snake_case columns (nested jsonb already camelCase); the
 * mirror holds camelCase. Rows are checked as they come off the wire: a row without an id or a
 * change time is refused, never stored.
 */
import type { EntityTable, EntityTables } from '../src/domain/entities';

const camel = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

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
