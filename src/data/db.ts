/**
 * The local mirror (IndexedDB through Dexie): one database per signed-in user, so a second person
 * signing in on the same tablet never sees the first one's rows or pushes their outbox.
 *
 * It owns:
 *  - the nine mirrored tables, camelCase rows as the screens read them (server rows with any
 *    pending local mutations already applied on top);
 *  - `outbox`: the user's mutations in the order they were made (`seq`), pending or rejected;
 *  - `shadows`: the last known server version of every row a pending mutation touched, so a
 *    rejection can restore server truth and a pull can rebase pending changes on the new row;
 *  - `meta`: pull cursors and sync bookkeeping;
 *  - `photos`: the engineer's photos of the work, kept until uploaded (and after).
 */
import {
  Dexie,
  type Collection,
  type DBCore,
  type DBCoreCursor,
  type EntityTable as DexieTable,
  type Middleware,
  type Table,
  type Transaction,
} from 'dexie';
import type { EntityTables } from '../domain/entities';
import type { MutationName, RejectionClass } from '../domain/mutations';

export interface OutboxEntry {
  /** Local order of the mutation; pushes replay in this order. */
  seq?: number;
  /** Client mutation id (UUID): the server applies each id at most once. */
  id: string;
  name: MutationName;
  args: unknown;
  userId: string;
  createdAt: string;
  /** Rows the optimistic change wrote, as `table:id` keys. */
  touches: string[];
  status: 'pending' | 'rejected';
  attempts: number;
  /** Last transient failure, kept for the status panel. */
  lastError?: string;
  rejection?: { errorClass: RejectionClass; message: string; at: string };
}

export interface Shadow {
  /** `table:id` */
  key: string;
  /** The server's row, or null when the server has none (created offline, or removed). */
  row: Record<string, unknown> | null;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

/**
 * A photo of the work the engineer took on this device (issue 20): kept here, compressed, from the
 * moment it is taken, uploaded to Storage when online (sync/photo-upload.ts) and kept after, so the
 * device's report and thumbnails never wait for the network. Local only: never pulled.
 */
export interface PhotoRecord {
  id: string;
  userId: string;
  /** The work it belongs to: a ticket (its service notes) or an installation. */
  work: 'tickets' | 'installations';
  workId: string;
  /** Its Storage object name: '<work>/<workId>/<id>.jpg'. */
  path: string;
  blob: Blob;
  type: string;
  createdAt: string;
  status: 'pending' | 'uploaded' | 'rejected';
  attempts: number;
  lastError?: string;
  uploadedAt?: string;
}

export type MirrorTables = { [T in keyof EntityTables]: DexieTable<EntityTables[T], 'id'> };

export type ChairsideDatabase = Dexie &
  MirrorTables & {
    outbox: Table<OutboxEntry, number>;
    shadows: Table<Shadow, string>;
    meta: Table<MetaEntry, string>;
    photos: Table<PhotoRecord, string>;
  };

/** Indexes follow what the screens query: owner, status, assignee, serial, creation and change time. */
const SCHEMA_V1 = {
  users: 'id, role, email, updatedAt',
  chairs: 'id, serialNumber, ownerUserId, status, model, createdAt, updatedAt',
  parts: 'id, name, model, updatedAt',
  supportTickets: 'id, status, customerUserId, engineerUserId, chairId, createdAt, updatedAt',
  trainingResources: 'id, type, createdAt, updatedAt',
  partRequests: 'id, userId, status, createdAt, updatedAt',
  serviceRequests: 'id, customerUserId, engineerUserId, chairId, status, createdAt, updatedAt',
  installations: 'id, chairId, engineerUserId, createdAt, updatedAt',
  outbox: '++seq, &id, status, userId',
  shadows: 'key',
  meta: 'key',
};

export const DATABASE_PREFIX = 'chairside-';

export function databaseName(userId: string): string {
  return `${DATABASE_PREFIX}${userId}`;
}

export interface OpenOptions {
  /** Another name, for tests and benchmarks that need several mirrors of one user. */
  name?: string;
  /** Another IndexedDB (tests simulate two devices with two fake-indexeddb factories). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Chromium's transaction durability (the write-pattern bench compares them). */
  chromeTransactionDurability?: 'default' | 'strict' | 'relaxed';
}

/** v2: the outbox indexes each entry's touched rows, so a rebase finds the entries of one row. */
const SCHEMA_V2 = { ...SCHEMA_V1, outbox: '++seq, &id, status, userId, *touches' };

/** v3: device health, the devices' sync reports a vendor reads (issue 16). */
const SCHEMA_V3 = { ...SCHEMA_V2, deviceHealth: 'id, userId, updatedAt' };

/** v4: photos of the work, kept on the device until uploaded (and after) (issue 20). */
const SCHEMA_V4 = { ...SCHEMA_V3, photos: 'id, workId, status, userId, createdAt' };

/**
 * Every schema the mirror has had, oldest first: a device may still hold any of them with changes
 * queued, and Dexie upgrades it on open (the browser test of an upgrade starts from the oldest).
 */
/**
 * v5: tickets and service requests by assignee and creation time (issue 19). IndexedDB leaves a
 * row whose key is null out of an index, so "unassigned" (engineerUserId null) could only be found
 * by reading every row; `assigneeKey` (ASSIGNEE_KEY) is the engineer's id or UNASSIGNED on every
 * row, kept by the mirror itself on every write, so the engineer's lists read their first page
 * from the index, newest first, whatever the table holds. `[status+chairId]` gives Equipment
 * Search its active tickets per chair from index keys alone.
 */
const SCHEMA_V5 = {
  ...SCHEMA_V4,
  supportTickets: `${SCHEMA_V4.supportTickets}, [assigneeKey+createdAt], [status+chairId]`,
  serviceRequests: `${SCHEMA_V4.serviceRequests}, [assigneeKey+createdAt]`,
};

/**
 * v6: the vendor's counters and engineer figures from index keys (issue 16), so a vendor screen
 * reads what its first screen shows, not 50k tickets: `[priority+status]` counts the high-priority
 * tickets not closed; `[assigneeKey+status+createdAt+updatedAt]` gives each engineer's tickets by
 * status and their resolution hours; `[assigneeKey+status]` each engineer's scheduled and
 * completed service requests. Built by IndexedDB from the rows already held (assigneeKey is on
 * every row since v5).
 */
const SCHEMA_V6 = {
  ...SCHEMA_V5,
  supportTickets: `${SCHEMA_V5.supportTickets}, [priority+status], [assigneeKey+status+createdAt+updatedAt]`,
  serviceRequests: `${SCHEMA_V5.serviceRequests}, [assigneeKey+status]`,
};

/**
 * v7: the resolution times from when each ticket was resolved (issue 29), not its last update:
 * `[assigneeKey+status+createdAt+resolvedAt]` gives each engineer's resolved tickets' times from
 * index keys, as v6's index gave their updates. A row without resolvedAt is left out of it (only
 * resolved rows have one); resolved rows stored before the stamp get their last update, as the
 * server's own backfill does (migration 20261126000018), until the pull brings the server's.
 */
const SCHEMA_V7 = {
  ...SCHEMA_V6,
  supportTickets: `${SCHEMA_V6.supportTickets}, [assigneeKey+status+createdAt+resolvedAt]`,
};

/**
 * v8: chairs by their next service date (issue 45): the schedule board's queue reads the chairs
 * whose yearly inspection falls due by its last day from a range of this index, not every chair of
 * the fleet. A chair without one is left out of the index (none is due).
 */
const SCHEMA_V8 = {
  ...SCHEMA_V7,
  chairs: `${SCHEMA_V7.chairs}, service.nextServiceDue`,
};

/** The assigneeKey of a row nobody is assigned to (an id is a UUID, never this). */
export const UNASSIGNED = '-';

/** The tables whose rows carry `assigneeKey`, derived from `engineerUserId`. */
const ASSIGNED_TABLES = new Set<string>(['supportTickets', 'serviceRequests']);

/** The indexed stand-in for a row's engineerUserId: the id, or UNASSIGNED for none. */
export function assigneeKey(engineerUserId: string | null | undefined): string {
  return engineerUserId || UNASSIGNED;
}

/** A row with its assigneeKey set from its engineerUserId (the same object when already right). */
function withAssigneeKey(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const row = value as { engineerUserId?: string | null; assigneeKey?: string };
  const key = assigneeKey(row.engineerUserId);
  return row.assigneeKey === key ? row : { ...row, assigneeKey: key };
}

type SchemaStep = {
  version: number;
  stores: Record<string, string>;
  upgrade?: (tx: Transaction) => Promise<unknown>;
};

/**
 * Every schema the mirror has had, oldest first: a device may still hold any of them with changes
 * queued, and Dexie upgrades it on open (the browser test of an upgrade starts from the oldest).
 */
export const SCHEMA_VERSIONS: readonly SchemaStep[] = [
  { version: 1, stores: SCHEMA_V1 },
  { version: 2, stores: SCHEMA_V2 },
  { version: 3, stores: SCHEMA_V3 },
  { version: 4, stores: SCHEMA_V4 },
  {
    version: 5,
    stores: SCHEMA_V5,
    // Rows stored before v5 get their key (the write goes through the middleware below as well).
    upgrade: (tx) =>
      Promise.all(
        [...ASSIGNED_TABLES].map((table) =>
          tx
            .table(table)
            .toCollection()
            .modify((row: { engineerUserId?: string | null; assigneeKey?: string }) => {
              row.assigneeKey = assigneeKey(row.engineerUserId);
            }),
        ),
      ),
  },
  { version: 6, stores: SCHEMA_V6 },
  {
    version: 7,
    stores: SCHEMA_V7,
    upgrade: (tx) =>
      tx
        .table('supportTickets')
        .where('status')
        .anyOf('RESOLVED', 'CLOSED')
        .modify((row: { updatedAt: string; resolvedAt?: string | null }) => {
          row.resolvedAt ??= row.updatedAt;
        }),
  },
  { version: 8, stores: SCHEMA_V8 },
];

/**
 * Takes `assigneeKey` off a row read back: it is the index's, not the row's, so every reader (the
 * screens, the rebase, a comparison with the server's row) sees the row as the server has it.
 * A read row is the reader's own copy, so it is changed in place.
 */
function withoutAssigneeKey<T>(value: T): T {
  if (typeof value === 'object' && value !== null && 'assigneeKey' in value) {
    delete (value as { assigneeKey?: string }).assigneeKey;
  }
  return value;
}

/**
 * Keeps `assigneeKey` right on every write to tickets and service requests, whoever writes: the
 * pull's bulkPut, an accepted push, a local effect (take, assign, reassign), a rebase or a
 * restored shadow (an unassignment). One place, so no writer can forget it; and takes it off
 * every row read.
 */
const assigneeKeyMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'assigneeKey',
  create: (down) => ({
    ...down,
    table: (tableName) => {
      const table = down.table(tableName);
      if (!ASSIGNED_TABLES.has(tableName)) return table;
      // A Proxy, not Object.create: the cursor is IndexedDB's own object with Dexie's methods
      // added, and a native getter (key, primaryKey) read through a derived object answers
      // nothing in Chromium (fake-indexeddb's plain objects do not tell): a keys-only read
      // (Collection.keys) got no keys at all.
      const stripCursor = (cursor: DBCoreCursor): DBCoreCursor =>
        new Proxy(cursor, {
          get(target, property) {
            if (property === 'value') return withoutAssigneeKey(target.value);
            const member: unknown = Reflect.get(target, property, target);
            return typeof member === 'function' ? member.bind(target) : member;
          },
        });
      return {
        ...table,
        mutate: (request) =>
          table.mutate(
            request.type === 'add' || request.type === 'put'
              ? { ...request, values: request.values.map(withAssigneeKey) }
              : request,
          ),
        get: async (request) => withoutAssigneeKey(await table.get(request)),
        getMany: async (request) => (await table.getMany(request)).map(withoutAssigneeKey),
        query: async (request) => {
          // Keys (a keys-only query) pass through untouched.
          const response = await table.query(request);
          response.result.forEach(withoutAssigneeKey);
          return response;
        },
        openCursor: async (request) => {
          const cursor = await table.openCursor(request);
          // A keys-only cursor has no row to strip: it goes through as is (40k keys each step).
          return cursor && request.values !== false ? stripCursor(cursor) : cursor;
        },
      };
    },
  }),
};

/**
 * The rows of `table` assigned to `engineerId` (null: to nobody) through the v5 index, oldest
 * first (`.reverse()` for newest first): a range of the index, never a pass over the table.
 */
export function byAssignee<T, I>(
  table: Table<T, string, I>,
  engineerId: string | null,
): Collection<T, string, I> {
  const key = assigneeKey(engineerId);
  return table
    .where('[assigneeKey+createdAt]')
    .between([key, Dexie.minKey], [key, Dexie.maxKey], true, true);
}

export function openLocalDatabase(userId: string, options: OpenOptions = {}): ChairsideDatabase {
  const { name = databaseName(userId), ...dependencies } = options;
  const db = new Dexie(name, dependencies) as ChairsideDatabase;
  for (const { version, stores, upgrade } of SCHEMA_VERSIONS) {
    const step = db.version(version).stores(stores);
    if (upgrade) step.upgrade(upgrade);
  }
  db.use(assigneeKeyMiddleware);
  return db;
}

/** Every table one local change may touch, for `db.transaction('rw', allTables(db), ...)`. */
export function allTables(db: ChairsideDatabase): Table[] {
  return [
    db.users,
    db.chairs,
    db.parts,
    db.supportTickets,
    db.trainingResources,
    db.partRequests,
    db.serviceRequests,
    db.installations,
    db.deviceHealth,
    db.outbox,
    db.shadows,
    db.meta,
  ];
}
