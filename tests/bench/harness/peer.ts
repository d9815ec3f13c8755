// The peer bench's page: RxDB (its Dexie storage on the browser's IndexedDB) replicating the same
// tables from the same local server with its own Supabase replication plugin, unchanged, exposed on
// window.peer for page.evaluate. The client signs in as the user the app's page signed up.
import { createClient } from '@supabase/supabase-js';
import { createRxDatabase, type RxCollection, type RxJsonSchema, type WithDeleted } from 'rxdb';
import { replicateSupabase } from 'rxdb/plugins/replication-supabase';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { ENTITY_TABLES, SERVER_TABLE } from '../../../src/domain/entities';
import type { PeerApi } from './api';

declare global {
  interface Window {
    peer: PeerApi;
  }
}

type Row = Record<string, unknown> & { id: string };

/**
 * The app's Dexie indexes (src/data/db.ts SCHEMA_VERSIONS), as RxDB index fields on the server's
 * column names, so both clients maintain the same indexes. RxDB indexes only bounded strings, so
 * each is declared a string of at most 100 characters (ids, statuses, serials and ISO times fit),
 * and its Dexie storage indexes only required fields (DXE1), so they are declared required; an
 * unassigned ticket's null engineer is stored as is (no schema validation plugin is added).
 *
 * The compound indexes of v5 and v6 are here too. Their `assignee_key` is the app's `assigneeKey`
 * (the engineer's id, or '-' for none: IndexedDB indexes no null key), no server column: each
 * pulled ticket and service request gets it from a pull modifier, as the app's mirror sets it on
 * every write (a compound index over the nullable engineer_user_id left RxDB 7k of the 50k
 * tickets short).
 */
type Index = string | readonly string[];

const APP_INDEXES: Record<string, readonly Index[]> = {
  users: ['role', 'email', 'updated_at'],
  chairs: ['serial_number', 'owner_user_id', 'status', 'model', 'created_at', 'updated_at'],
  parts: ['name', 'model', 'updated_at'],
  support_tickets: [
    'status',
    'customer_user_id',
    'engineer_user_id',
    'chair_id',
    'created_at',
    'updated_at',
    ['assignee_key', 'created_at'],
    ['status', 'chair_id'],
    ['priority', 'status'],
    ['assignee_key', 'status', 'created_at', 'updated_at'],
  ],
  training_resources: ['type', 'created_at', 'updated_at'],
  part_requests: ['user_id', 'status', 'created_at', 'updated_at'],
  service_requests: [
    'customer_user_id',
    'engineer_user_id',
    'chair_id',
    'status',
    'created_at',
    'updated_at',
    ['assignee_key', 'created_at'],
    ['assignee_key', 'status'],
  ],
  installations: ['chair_id', 'engineer_user_id', 'created_at', 'updated_at'],
  device_health: ['user_id', 'updated_at'],
};

function schemaFor(table: string): RxJsonSchema<Row> {
  const indexes = APP_INDEXES[table] ?? [];
  const indexed = [...new Set(indexes.flat())];
  const properties: Record<string, { type: string; maxLength?: number }> = {
    id: { type: 'string', maxLength: 100 },
    updated_at: { type: 'string' },
  };
  for (const field of indexed) properties[field] = { type: 'string', maxLength: 100 };
  return {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties,
    required: ['id', ...indexed],
    indexes,
  } as unknown as RxJsonSchema<Row>;
}

/** The tables whose rows carry `assignee_key` (the app's ASSIGNED_TABLES). */
const ASSIGNED = new Set(['support_tickets', 'service_requests']);

/** A pulled row with its assignee_key, as the app's mirror keeps assigneeKey. */
const withAssigneeKey = (row: WithDeleted<Row>): WithDeleted<Row> => ({
  ...row,
  assignee_key: (row.engineer_user_id as string | null) || '-',
});

/** RxDB collection names: lower case letters, digits, underscores and dashes, starting with a letter. */
const collectionName = (table: string) => table.replace(/_/g, '-');

const peer: PeerApi = {
  async replicate(email, password, batchSize) {
    const client = createClient(location.origin, 'local-anon-key', {
      auth: { persistSession: false },
    });
    const { error } = await client.auth.signInWithPassword({ email, password });
    if (error) throw new Error(`sign-in failed for ${email}: ${error.message}`);
    const db = await createRxDatabase({
      name: `peer-${crypto.randomUUID().slice(0, 8)}`,
      storage: getRxStorageDexie(),
      multiInstance: false,
      eventReduce: true,
    });
    const tables = ENTITY_TABLES.map((table) => SERVER_TABLE[table]);
    const created = await db.addCollections(
      Object.fromEntries(
        tables.map((table) => [collectionName(table), { schema: schemaFor(table) }]),
      ),
    );
    const errors: string[] = [];
    const start = performance.now();
    // As an RxDB app starts them: every table's replication at once, each awaited to the present.
    const replications = tables.map((table) => {
      const collection = created[collectionName(table)] as RxCollection<Row>;
      const state = replicateSupabase<Row>({
        client,
        tableName: table,
        collection,
        replicationIdentifier: `peer-bench-${table}`,
        modifiedField: 'updated_at',
        deletedField: 'deleted_at',
        live: false,
        waitForLeadership: false,
        pull: ASSIGNED.has(table) ? { batchSize, modifier: withAssigneeKey } : { batchSize },
      });
      state.error$.subscribe((e) => errors.push(`${table}: ${String(e?.message ?? e)}`));
      return state;
    });
    await Promise.all(replications.map((state) => state.awaitInitialReplication()));
    const ms = performance.now() - start;
    const counts: Record<string, number> = {};
    for (const table of tables) {
      counts[table] = await (created[collectionName(table)] as RxCollection<Row>).count().exec();
    }
    await Promise.all(replications.map((state) => state.cancel()));
    await db.remove();
    return { ms, counts, errors };
  },
};

window.peer = peer;
