// The access matrix for direct table access under RLS (issue 3), through supabase-js against the
// running local server. Every cell role x table x operation is asserted from the tables of
// expectations below, so the matrix reads straight from this file:
//
//   select: exactly which fixture rows each caller sees ('denied' = the request itself errors);
//   insert: whether a row "of the caller's own" (own customer id, own engineer id) is accepted;
//   update / delete: whether the caller changes / removes a row it owns or can read (its own
//   profile, own chair, own ticket, a ticket assigned to it, ...), so a denial is never just
//   "row not visible". Denied writes are verified unchanged with db.query.
//
// Least-privilege rules (issue 3): a customer reads only their own chairs, tickets, service
// requests, part requests and profile, plus parts, training and the engineer on their work; an
// engineer reads tickets and service requests assigned to them or unassigned, all chairs with
// their owners, the customers on that work, parts and training; a vendor reads all tickets,
// service requests, engineers, customers' names and addresses as cards (and the chairs on
// tickets or requests, which its screens search by serial, and, since migration 0027, the
// customers' chairs with a next service date, the schedule board's due chairs); an
// admin reads and manages everything. Direct writes: customers insert their own tickets, service
// and part requests; everyone updates their own profile but not their role; only admin deletes;
// everything else goes through guarded operations.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { signUpActor, type Actor } from './actors';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

type Caller = 'anon' | 'CUSTOMER' | 'CUSTOMER_B' | 'ENGINEER' | 'ENGINEER_B' | 'VENDOR' | 'ADMIN';
const CALLERS: Caller[] = [
  'anon',
  'CUSTOMER',
  'CUSTOMER_B',
  'ENGINEER',
  'ENGINEER_B',
  'VENDOR',
  'ADMIN',
];

type Table =
  | 'users'
  | 'chairs'
  | 'parts'
  | 'support_tickets'
  | 'training_resources'
  | 'part_requests'
  | 'service_requests'
  | 'installations'
  | 'device_health'
  | 'applied_mutations'
  | 'app_settings';

// Fixture rows by label. Users: customerA (CUSTOMER), customerB (CUSTOMER_B), customerC (a
// customer with no chair and no work), engineerA (ENGINEER), engineerB (ENGINEER_B), vendor, admin.
type UserLabel =
  'customerA' | 'customerB' | 'customerC' | 'engineerA' | 'engineerB' | 'vendor' | 'admin';
type RowLabel =
  | UserLabel
  | 'chairA' // owned by customerA, on tickets and requests
  | 'chairB' // owned by customerB, on tickets and requests
  | 'chairStock' // IN_STOCK, no owner, on no ticket or request
  | 'part'
  | 'partDeleted' // soft-deleted: still read so sync removes it locally
  | 'training'
  | 'trainingDeleted'
  | 'ticketA_engA' // customerA, assigned to engineerA
  | 'ticketA_open' // customerA, unassigned
  | 'ticketB_engB' // customerB, assigned to engineerB
  | 'ticketB_open' // customerB, unassigned
  | 'requestA_engA'
  | 'requestB_open'
  | 'requestB_engB'
  | 'partRequestA'
  | 'partRequestB'
  | 'installationA' // by engineerA
  | 'installationB' // by engineerB
  | 'deviceEngA' // engineerA's tablet's health report
  | 'deviceCustA' // customerA's phone's health report
  | 'ledger' // an applied_mutations row of customerA
  | 'signup_customer_only'; // the app_settings row (keyed by `key`)

// ---------------------------------------------------------------------------------------------
// SELECT: the rows each caller sees. 'denied' = the API refuses the table outright.
// ---------------------------------------------------------------------------------------------
const ALL_USERS: RowLabel[] = [
  'customerA',
  'customerB',
  'customerC',
  'engineerA',
  'engineerB',
  'vendor',
  'admin',
];
const READ_PARTS: RowLabel[] = ['part', 'partDeleted'];
const READ_TRAINING: RowLabel[] = ['training', 'trainingDeleted'];

// anon holds no privilege on any table (migration 0024 revokes hosted's default grants): every
// read is refused, not answered with no rows.
const SELECT: Record<Table, Record<Caller, RowLabel[] | 'denied'>> = {
  users: {
    anon: 'denied',
    // Engineers on a customer's work reach them only as contact cards (sync_pull), not as rows.
    CUSTOMER: ['customerA'],
    CUSTOMER_B: ['customerB'],
    ENGINEER: ['engineerA', 'customerA', 'customerB'],
    ENGINEER_B: ['engineerB', 'customerA', 'customerB'],
    // Customers reach a vendor only as cards (name and addresses, through sync_pull).
    VENDOR: ['vendor', 'engineerA', 'engineerB'],
    ADMIN: ALL_USERS,
  },
  chairs: {
    anon: 'denied',
    CUSTOMER: ['chairA'],
    CUSTOMER_B: ['chairB'],
    ENGINEER: ['chairA', 'chairB', 'chairStock'],
    ENGINEER_B: ['chairA', 'chairB', 'chairStock'],
    VENDOR: ['chairA', 'chairB'],
    ADMIN: ['chairA', 'chairB', 'chairStock'],
  },
  parts: {
    anon: 'denied',
    CUSTOMER: READ_PARTS,
    CUSTOMER_B: READ_PARTS,
    ENGINEER: READ_PARTS,
    ENGINEER_B: READ_PARTS,
    VENDOR: [],
    ADMIN: READ_PARTS,
  },
  support_tickets: {
    anon: 'denied',
    CUSTOMER: ['ticketA_engA', 'ticketA_open'],
    CUSTOMER_B: ['ticketB_engB', 'ticketB_open'],
    ENGINEER: ['ticketA_engA', 'ticketA_open', 'ticketB_open'],
    ENGINEER_B: ['ticketB_engB', 'ticketA_open', 'ticketB_open'],
    VENDOR: ['ticketA_engA', 'ticketA_open', 'ticketB_engB', 'ticketB_open'],
    ADMIN: ['ticketA_engA', 'ticketA_open', 'ticketB_engB', 'ticketB_open'],
  },
  training_resources: {
    anon: 'denied',
    CUSTOMER: READ_TRAINING,
    CUSTOMER_B: READ_TRAINING,
    ENGINEER: READ_TRAINING,
    ENGINEER_B: READ_TRAINING,
    VENDOR: [],
    ADMIN: READ_TRAINING,
  },
  part_requests: {
    anon: 'denied',
    CUSTOMER: ['partRequestA'],
    CUSTOMER_B: ['partRequestB'],
    ENGINEER: [],
    ENGINEER_B: [],
    VENDOR: [],
    ADMIN: ['partRequestA', 'partRequestB'],
  },
  service_requests: {
    anon: 'denied',
    CUSTOMER: ['requestA_engA'],
    CUSTOMER_B: ['requestB_open', 'requestB_engB'],
    ENGINEER: ['requestA_engA', 'requestB_open'],
    ENGINEER_B: ['requestB_open', 'requestB_engB'],
    VENDOR: ['requestA_engA', 'requestB_open', 'requestB_engB'],
    ADMIN: ['requestA_engA', 'requestB_open', 'requestB_engB'],
  },
  installations: {
    anon: 'denied',
    // The installations of their own chairs (the signed acceptance, for the service report).
    CUSTOMER: ['installationA'],
    CUSTOMER_B: ['installationB'],
    ENGINEER: ['installationA'],
    ENGINEER_B: ['installationB'],
    VENDOR: ['installationA', 'installationB'],
    ADMIN: ['installationA', 'installationB'],
  },
  // Devices' sync reports (issue 16): the vendor oversees the field team; nobody else reads them,
  // not even the reporting user (their own device shows its sync state).
  device_health: {
    anon: 'denied',
    CUSTOMER: [],
    CUSTOMER_B: [],
    ENGINEER: [],
    ENGINEER_B: [],
    VENDOR: ['deviceEngA', 'deviceCustA'],
    ADMIN: [],
  },
  // Only the guarded operations (SECURITY DEFINER) touch the ledger; admin included.
  applied_mutations: {
    anon: 'denied',
    CUSTOMER: 'denied',
    CUSTOMER_B: 'denied',
    ENGINEER: 'denied',
    ENGINEER_B: 'denied',
    VENDOR: 'denied',
    ADMIN: 'denied',
  },
  app_settings: {
    anon: 'denied',
    CUSTOMER: [],
    CUSTOMER_B: [],
    ENGINEER: [],
    ENGINEER_B: [],
    VENDOR: [],
    ADMIN: ['signup_customer_only'],
  },
};

// ---------------------------------------------------------------------------------------------
// INSERT / UPDATE / DELETE: allowed (true) or denied (false).
// ---------------------------------------------------------------------------------------------
type Verdicts = Record<Caller, boolean>;
const ADMIN_ONLY: Verdicts = {
  anon: false,
  CUSTOMER: false,
  CUSTOMER_B: false,
  ENGINEER: false,
  ENGINEER_B: false,
  VENDOR: false,
  ADMIN: true,
};
const NOBODY: Verdicts = { ...ADMIN_ONLY, ADMIN: false };
const CUSTOMERS_AND_ADMIN: Verdicts = { ...ADMIN_ONLY, CUSTOMER: true, CUSTOMER_B: true };
const SIGNED_IN: Verdicts = {
  anon: false,
  CUSTOMER: true,
  CUSTOMER_B: true,
  ENGINEER: true,
  ENGINEER_B: true,
  VENDOR: true,
  ADMIN: true,
};

const INSERT: Record<Table, Verdicts> = {
  users: ADMIN_ONLY,
  chairs: ADMIN_ONLY,
  parts: ADMIN_ONLY,
  support_tickets: CUSTOMERS_AND_ADMIN,
  training_resources: ADMIN_ONLY,
  part_requests: CUSTOMERS_AND_ADMIN,
  service_requests: CUSTOMERS_AND_ADMIN,
  installations: ADMIN_ONLY,
  // Written only through public.device_health_report, by the reporting user.
  device_health: NOBODY,
  applied_mutations: NOBODY,
  app_settings: ADMIN_ONLY,
};

const UPDATE: Record<Table, Verdicts> = {
  users: SIGNED_IN, // own profile only, never the role (see below)
  chairs: ADMIN_ONLY,
  parts: ADMIN_ONLY,
  support_tickets: ADMIN_ONLY,
  training_resources: ADMIN_ONLY,
  part_requests: ADMIN_ONLY,
  service_requests: ADMIN_ONLY,
  installations: ADMIN_ONLY,
  // Written only through public.device_health_report, by the reporting user.
  device_health: NOBODY,
  applied_mutations: NOBODY,
  app_settings: ADMIN_ONLY,
};

const DELETE: Record<Table, Verdicts> = {
  users: ADMIN_ONLY,
  chairs: ADMIN_ONLY,
  parts: ADMIN_ONLY,
  support_tickets: ADMIN_ONLY,
  training_resources: ADMIN_ONLY,
  part_requests: ADMIN_ONLY,
  service_requests: ADMIN_ONLY,
  installations: ADMIN_ONLY,
  // Written only through public.device_health_report, by the reporting user.
  device_health: NOBODY,
  applied_mutations: NOBODY,
  app_settings: ADMIN_ONLY,
};

const TABLES = Object.keys(SELECT) as Table[];
const describeCell = (expected: boolean | RowLabel[] | 'denied'): string => {
  if (expected === true) return 'allowed';
  if (expected === false || expected === 'denied') return 'denied';
  return expected.length ? `sees ${[...expected].sort().join(', ')}` : 'sees no rows';
};
const cells = <T extends boolean | RowLabel[] | 'denied'>(
  matrix: Record<Table, Record<Caller, T>>,
) =>
  TABLES.flatMap((table) =>
    CALLERS.map((caller) => ({
      table,
      caller,
      expected: matrix[table][caller],
      outcome: describeCell(matrix[table][caller]),
    })),
  );

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------
let db: Database;
let running: RunningServer;
const actors = {} as Record<Exclude<Caller, 'anon'>, Actor>;
const ids = {} as Record<RowLabel, string>;
const labelOf = new Map<string, RowLabel>();
let seq = 0;

function clientOf(caller: Caller): SupabaseClient {
  return caller === 'anon' ? createTestClient(running.url) : actors[caller].client;
}

/** The caller's own user id (anon: none, so a stranger's). */
function selfId(caller: Caller): string {
  return caller === 'anon' ? randomUUID() : actors[caller].id;
}

const keyColumn = (table: Table) => (table === 'app_settings' ? 'key' : 'id');

async function exists(table: Table, key: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from public.${table} where ${keyColumn(table)} = $1`, [
    key,
  ]);
  return rows.length === 1;
}

async function rowSnapshot(table: Table, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ r: string }>(
    `select t::text as r from public.${table} t where ${keyColumn(table)} = $1`,
    [key],
  );
  return rows[0]?.r;
}

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  actors.CUSTOMER = await signUpActor(running.url, 'CUSTOMER', 'Cass Customer');
  actors.CUSTOMER_B = await signUpActor(running.url, 'CUSTOMER', 'Bea Customer');
  actors.ENGINEER = await signUpActor(running.url, 'ENGINEER', 'Enzo Engineer');
  actors.ENGINEER_B = await signUpActor(running.url, 'ENGINEER', 'Bram Engineer');
  actors.VENDOR = await signUpActor(running.url, 'VENDOR', 'Val Vendor');
  actors.ADMIN = await signUpActor(running.url, 'ADMIN', 'Ari Admin');
  ids.customerA = actors.CUSTOMER.id;
  ids.customerB = actors.CUSTOMER_B.id;
  ids.engineerA = actors.ENGINEER.id;
  ids.engineerB = actors.ENGINEER_B.id;
  ids.vendor = actors.VENDOR.id;
  ids.admin = actors.ADMIN.id;
  for (const label of [
    'customerC',
    'chairA',
    'chairB',
    'chairStock',
    'part',
    'partDeleted',
    'training',
    'trainingDeleted',
    'ticketA_engA',
    'ticketA_open',
    'ticketB_engB',
    'ticketB_open',
    'requestA_engA',
    'requestB_open',
    'requestB_engB',
    'partRequestA',
    'partRequestB',
    'installationA',
    'installationB',
    'deviceEngA',
    'deviceCustA',
    'ledger',
  ] as const) {
    ids[label] = randomUUID();
  }
  ids.signup_customer_only = 'signup_customer_only';
  for (const [label, id] of Object.entries(ids)) labelOf.set(id, label as RowLabel);

  const q = (sql: string, params: unknown[]) => db.query(sql, params);
  await q(
    `insert into public.users (id, email, name, role, phone, address)
     values ($1, 'carl.nochair@example.com', 'Carl No-Chair', 'CUSTOMER', '0700', '9 Lane')`,
    [ids.customerC],
  );
  await q(`update public.users set phone = '0800 111' where id = $1`, [ids.engineerA]);
  await q(
    `insert into public.chairs (id, serial_number, model, owner_user_id, status) values
       ($1, 'MX-A', 'S30', $2, 'REGISTERED'), ($3, 'MX-B', 'U500', $4, 'REGISTERED'),
       ($5, 'MX-STOCK', 'S30', null, 'IN_STOCK')`,
    [ids.chairA, ids.customerA, ids.chairB, ids.customerB, ids.chairStock],
  );
  await q(
    `insert into public.parts (id, name, price, stock, deleted_at) values
       ($1, 'Valve', 10, 3, null), ($2, 'Old hose', 5, 0, now())`,
    [ids.part, ids.partDeleted],
  );
  await q(
    `insert into public.training_resources (id, title, type, deleted_at) values
       ($1, 'Care video', 'VIDEO', null), ($2, 'Old FAQ', 'FAQ', now())`,
    [ids.training, ids.trainingDeleted],
  );
  await q(
    `insert into public.support_tickets (id, title, customer_user_id, engineer_user_id, chair_id) values
       ($1, 'A assigned', $5, $6, $9), ($2, 'A open', $5, null, $9),
       ($3, 'B assigned', $7, $8, $10), ($4, 'B open', $7, null, null)`,
    [
      ids.ticketA_engA,
      ids.ticketA_open,
      ids.ticketB_engB,
      ids.ticketB_open,
      ids.customerA,
      ids.engineerA,
      ids.customerB,
      ids.engineerB,
      ids.chairA,
      ids.chairB,
    ],
  );
  await q(
    `insert into public.service_requests (id, customer_user_id, engineer_user_id, chair_id) values
       ($1, $4, $5, $6), ($2, $7, null, $8), ($3, $7, $9, $8)`,
    [
      ids.requestA_engA,
      ids.requestB_open,
      ids.requestB_engB,
      ids.customerA,
      ids.engineerA,
      ids.chairA,
      ids.customerB,
      ids.chairB,
      ids.engineerB,
    ],
  );
  await q(
    `insert into public.part_requests (id, user_id, chair_id, items) values
       ($1, $2, $3, '[]'::jsonb), ($4, $5, $6, '[]'::jsonb)`,
    [ids.partRequestA, ids.customerA, ids.chairA, ids.partRequestB, ids.customerB, ids.chairB],
  );
  await q(
    `insert into public.installations (id, chair_id, engineer_user_id) values ($1, $2, $3), ($4, $5, $6)`,
    [ids.installationA, ids.chairA, ids.engineerA, ids.installationB, ids.chairB, ids.engineerB],
  );
  await q(
    `insert into public.device_health (id, user_id, device_name, last_sync_at, pending_count,
                                       needs_attention_count)
     values ($1, $2, 'Chrome on Android', now(), 2, 0), ($3, $4, 'Safari on iPhone', now(), 0, 1)`,
    [ids.deviceEngA, ids.engineerA, ids.deviceCustA, ids.customerA],
  );
  await q(
    `insert into public.applied_mutations (id, user_id, name, result) values ($1, $2, 'ticket.create', '{}'::jsonb)`,
    [ids.ledger, ids.customerA],
  );
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

// ---------------------------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------------------------
describe('select', () => {
  it.each(cells(SELECT))('$caller on $table: $outcome', async ({ table, caller, expected }) => {
    const key = keyColumn(table);
    const { data, error } = await clientOf(caller).from(table).select(key);
    if (expected === 'denied') {
      expect(error).not.toBeNull();
      expect(data).toBeNull();
      return;
    }
    expect(error).toBeNull();
    const seen = ((data ?? []) as unknown as Record<string, string>[]).map(
      (r) => labelOf.get(r[key] ?? '') ?? `unknown ${r[key]}`,
    );
    expect(seen.sort()).toEqual([...expected].sort());
  });
});

/** A new row of `table` that belongs to the caller wherever rows have an owner. */
function newRow(table: Table, caller: Caller): Record<string, unknown> {
  seq += 1;
  const id = randomUUID();
  const me = selfId(caller);
  switch (table) {
    case 'users':
      return { id, email: `matrix.${seq}.${Date.now()}@example.com`, name: 'Matrix User' };
    case 'chairs':
      return { id, serial_number: `MX-NEW-${seq}-${Date.now()}`, model: 'S30' };
    case 'parts':
      return { id, name: 'Matrix part', price: 1, stock: 1 };
    case 'support_tickets':
      return { id, title: 'Matrix ticket', description: 'Inserted directly', customer_user_id: me };
    case 'training_resources':
      return { id, title: 'Matrix training', type: 'PDF' };
    case 'part_requests':
      return { id, user_id: me, items: [] };
    case 'service_requests':
      return { id, customer_user_id: me, notes: 'Inserted directly' };
    case 'installations':
      return { id, engineer_user_id: me };
    case 'device_health':
      return {
        id,
        user_id: me,
        last_sync_at: new Date().toISOString(),
        pending_count: 0,
        needs_attention_count: 0,
      };
    case 'applied_mutations':
      return { id, user_id: me, name: 'ticket.take' };
    case 'app_settings':
      return { key: `matrix_${seq}`, value: true };
  }
}

async function removeRow(table: Table, key: string): Promise<void> {
  await db.query(`delete from public.${table} where ${keyColumn(table)} = $1`, [key]);
}

describe('insert', () => {
  it.each(cells(INSERT))('$caller on $table: $outcome', async ({ table, caller, expected }) => {
    const row = newRow(table, caller);
    const key = String(row[keyColumn(table)]);
    const { data, error } = await clientOf(caller).from(table).insert(row).select(keyColumn(table));
    try {
      if (expected) {
        expect(error).toBeNull();
        expect(data).toEqual([{ [keyColumn(table)]: key }]);
        expect(await exists(table, key)).toBe(true);
      } else {
        expect(error).not.toBeNull();
        expect(await exists(table, key)).toBe(false);
      }
    } finally {
      await removeRow(table, key);
    }
  });
});

/**
 * The row the caller would most plausibly be allowed to change: its own profile, own chair, own
 * ticket / request, the ticket or request or installation assigned to it, else a shared row.
 */
function targetOf(table: Table, caller: Caller): string {
  const b = caller === 'CUSTOMER_B' || caller === 'ENGINEER_B';
  switch (table) {
    case 'users':
      return caller === 'anon' ? ids.customerA : actors[caller].id;
    case 'chairs':
      return b ? ids.chairB : ids.chairA;
    case 'parts':
      return ids.part;
    case 'support_tickets':
      return b ? ids.ticketB_engB : ids.ticketA_engA;
    case 'training_resources':
      return ids.training;
    case 'part_requests':
      return b ? ids.partRequestB : ids.partRequestA;
    case 'service_requests':
      return b ? ids.requestB_engB : ids.requestA_engA;
    case 'installations':
      return b ? ids.installationB : ids.installationA;
    case 'device_health':
      // The caller's own device where it has one.
      return caller === 'CUSTOMER' ? ids.deviceCustA : ids.deviceEngA;
    case 'applied_mutations':
      return ids.ledger;
    case 'app_settings':
      return ids.signup_customer_only;
  }
}

/** A harmless change per table: [column, new value]. */
const CHANGE: Record<Table, [string, unknown]> = {
  users: ['phone', '0111 222333'],
  chairs: ['model_name', 'Changed by matrix'],
  parts: ['part_code', 'MX-CHANGED'],
  support_tickets: ['description', 'Changed by matrix'],
  training_resources: ['content', 'Changed by matrix'],
  part_requests: ['notes', 'Changed by matrix'],
  service_requests: ['notes', 'Changed by matrix'],
  installations: ['notes', 'Changed by matrix'],
  device_health: ['pending_count', 42],
  applied_mutations: ['name', 'ticket.resolve'],
  app_settings: ['value', { changed: true }],
};

describe('update', () => {
  it.each(cells(UPDATE))('$caller on $table: $outcome', async ({ table, caller, expected }) => {
    const key = targetOf(table, caller);
    const [column, value] = CHANGE[table];
    const before = await rowSnapshot(table, key);
    const { rows: original } = await db.query<{ v: unknown }>(
      `select to_jsonb(t.${column}) as v from public.${table} t where ${keyColumn(table)} = $1`,
      [key],
    );
    const { data, error } = await clientOf(caller)
      .from(table)
      .update({ [column]: value })
      .eq(keyColumn(table), key)
      .select(keyColumn(table));
    try {
      if (expected) {
        expect(error).toBeNull();
        expect(data).toEqual([{ [keyColumn(table)]: key }]);
        const { rows } = await db.query<{ v: unknown }>(
          `select to_jsonb(t.${column}) as v from public.${table} t where ${keyColumn(table)} = $1`,
          [key],
        );
        expect(rows[0]?.v).toEqual(value);
      } else {
        // Refused outright, or 0 rows affected; the stored row is untouched either way.
        expect(error === null ? data : []).toEqual([]);
        expect(await rowSnapshot(table, key)).toBe(before);
      }
    } finally {
      await db.query(
        `update public.${table} set ${column} = (
             select (jsonb_populate_record(null::public.${table}, jsonb_build_object($2::text, $3::jsonb))).${column}
           ) where ${keyColumn(table)} = $1`,
        [key, column, JSON.stringify(original[0]?.v ?? null)],
      );
    }
  });
});

/** A fresh row to delete, owned by / assigned to the caller where rows have one. */
async function victimOf(table: Table, caller: Caller): Promise<string> {
  if (table === 'users') {
    // Non-admins aim at their own profile; the admin at a directory user.
    if (caller !== 'ADMIN' && caller !== 'anon') return actors[caller].id;
  }
  const row = newRow(table, caller);
  if (table === 'support_tickets' && caller.startsWith('ENGINEER')) {
    row.engineer_user_id = selfId(caller);
    row.customer_user_id = ids.customerA;
  }
  if (table === 'service_requests' && caller.startsWith('ENGINEER')) {
    row.engineer_user_id = selfId(caller);
    row.customer_user_id = ids.customerA;
  }
  if (caller === 'anon' && 'user_id' in row) row.user_id = ids.customerA;
  if (caller === 'anon' && 'customer_user_id' in row) row.customer_user_id = ids.customerA;
  if (caller === 'anon' && 'engineer_user_id' in row) row.engineer_user_id = ids.engineerA;
  const cols = Object.keys(row);
  await db.query(
    `insert into public.${table} (${cols.join(', ')})
     select ${cols.join(', ')} from jsonb_populate_record(null::public.${table}, $1::jsonb)`,
    [JSON.stringify(row)],
  );
  return String(row[keyColumn(table)]);
}

describe('delete', () => {
  it.each(cells(DELETE))('$caller on $table: $outcome', async ({ table, caller, expected }) => {
    const key = await victimOf(table, caller);
    const before = await rowSnapshot(table, key);
    const { data, error } = await clientOf(caller)
      .from(table)
      .delete()
      .eq(keyColumn(table), key)
      .select(keyColumn(table));
    try {
      if (expected) {
        expect(error).toBeNull();
        expect(data).toEqual([{ [keyColumn(table)]: key }]);
        expect(await exists(table, key)).toBe(false);
      } else {
        expect(error === null ? data : []).toEqual([]);
        expect(await rowSnapshot(table, key)).toBe(before);
      }
    } finally {
      if (!(table === 'users' && key === selfId(caller))) await removeRow(table, key);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Cross-customer access and role changes
// ---------------------------------------------------------------------------------------------
const FOREIGN_ROWS: [Table, RowLabel, string][] = [
  ['users', 'customerB', 'name'],
  ['chairs', 'chairB', 'model_name'],
  ['support_tickets', 'ticketB_engB', 'description'],
  ['support_tickets', 'ticketB_open', 'description'],
  ['service_requests', 'requestB_engB', 'notes'],
  ['part_requests', 'partRequestB', 'notes'],
];

describe("a customer and another customer's rows", () => {
  it.each(FOREIGN_ROWS)('cannot read %s %s by id', async (table, label) => {
    const { data, error } = await actors.CUSTOMER.client
      .from(table)
      .select('*')
      .eq('id', ids[label]);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it.each(FOREIGN_ROWS)('cannot update %s %s (0 rows, unchanged)', async (table, label, column) => {
    const before = await rowSnapshot(table, ids[label]);
    const { data, error } = await actors.CUSTOMER.client
      .from(table)
      .update({ [column]: 'hijacked' })
      .eq('id', ids[label])
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await rowSnapshot(table, ids[label])).toBe(before);
  });

  it.each(FOREIGN_ROWS)('cannot delete %s %s (0 rows, still there)', async (table, label) => {
    const before = await rowSnapshot(table, ids[label]);
    const { data, error } = await actors.CUSTOMER.client
      .from(table)
      .delete()
      .eq('id', ids[label])
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await rowSnapshot(table, ids[label])).toBe(before);
  });

  it.each([
    ['support_tickets', { title: 'Fake', customer_user_id: 'customerB' }],
    ['service_requests', { customer_user_id: 'customerB' }],
    ['part_requests', { user_id: 'customerB', items: [] }],
    [
      'support_tickets',
      { title: 'On their chair', customer_user_id: 'customerA', chair_id: 'chairB' },
    ],
  ] as const)('cannot insert into %s on behalf of someone else: %o', async (table, template) => {
    const id = randomUUID();
    const row: Record<string, unknown> = { id };
    for (const [k, v] of Object.entries(template)) {
      row[k] = typeof v === 'string' && v in ids ? ids[v as RowLabel] : v;
    }
    const { error } = await actors.CUSTOMER.client.from(table).insert(row);
    expect(error).not.toBeNull();
    expect(await exists(table, id)).toBe(false);
  });

  it('reaches the engineer on their work only as a contact card: name and phone, nothing more', async () => {
    const direct = await actors.CUSTOMER.client.from('users').select('id').eq('role', 'ENGINEER');
    expect(direct.error).toBeNull();
    expect(direct.data).toEqual([]);
    const { data, error } = await actors.CUSTOMER.client.rpc('sync_pull', { table_name: 'users' });
    expect(error).toBeNull();
    const rows = (data as { rows: Record<string, unknown>[] }).rows;
    const engineers = rows.filter((row) => row.role === 'ENGINEER');
    expect(engineers).toHaveLength(1);
    expect(engineers[0]).toMatchObject({
      id: ids.engineerA,
      name: 'Enzo Engineer',
      phone: '0800 111',
      email: null,
      address: null,
      engineer: null,
      practice: null,
    });
    expect(rows.map((row) => row.id).sort()).toEqual([ids.customerA, ids.engineerA].sort());
  });

  it('leaves other roles their own reads of users rows (a vendor sees engineers in full)', async () => {
    const { data } = await actors.VENDOR.client.rpc('sync_pull', { table_name: 'users' });
    const rows = (data as { rows: Record<string, unknown>[] }).rows;
    const engineers = rows.filter((row) => row.role === 'ENGINEER');
    expect(engineers.map((row) => row.id).sort()).toEqual([ids.engineerA, ids.engineerB].sort());
    expect(engineers.every((row) => typeof row.email === 'string')).toBe(true);
  });
});

describe('an engineer reading customers', () => {
  it('sees the customer of an unassigned or own ticket even without a chair, and loses them when another engineer takes it', async () => {
    const customerD = randomUUID();
    const ticketD = randomUUID();
    await db.query(
      `insert into public.users (id, email, name, role, phone)
       values ($1, 'dora.nochair@example.com', 'Dora No-Chair', 'CUSTOMER', '0711 222')`,
      [customerD],
    );
    await db.query(
      `insert into public.support_tickets (id, title, customer_user_id) values ($1, 'Chair not delivered yet', $2)`,
      [ticketD, customerD],
    );
    const sees = async (caller: 'ENGINEER' | 'ENGINEER_B') => {
      const { data, error } = await actors[caller].client
        .from('users')
        .select('id, name, phone')
        .eq('id', customerD);
      expect(error).toBeNull();
      return data ?? [];
    };
    expect(await sees('ENGINEER')).toEqual([
      { id: customerD, name: 'Dora No-Chair', phone: '0711 222' },
    ]);
    expect(await sees('ENGINEER_B')).toHaveLength(1);

    const before = new Date(Date.now() - 1000).toISOString();
    await db.query(`update public.support_tickets set engineer_user_id = $2 where id = $1`, [
      ticketD,
      ids.engineerB,
    ]);
    expect(await sees('ENGINEER')).toEqual([]);
    expect(await sees('ENGINEER_B')).toHaveLength(1);

    // Engineer A's next pull of users reports the customer gone; engineer B's keeps them.
    const pull = async (caller: 'ENGINEER' | 'ENGINEER_B') => {
      const { data, error } = await actors[caller].client.rpc('sync_pull', {
        table_name: 'users',
        after_updated_at: before,
        departed_after: before,
      });
      expect(error).toBeNull();
      return data as { gone: string[] };
    };
    expect((await pull('ENGINEER')).gone).toContain(customerD);
    expect((await pull('ENGINEER_B')).gone).not.toContain(customerD);
  });
});

describe('a vendor reading customers', () => {
  it('reaches them only as cards: name, address and the practice name and address', async () => {
    await db.query(
      `update public.users
          set practice = '{"name": "Hill Dental", "type": "DENTAL", "address": "1 Hill Rd", "phone": "0161 000"}'::jsonb,
              address = '2 Home St'
        where id = $1`,
      [ids.customerA],
    );
    const direct = await actors.VENDOR.client.from('users').select('id').eq('role', 'CUSTOMER');
    expect(direct.error).toBeNull();
    expect(direct.data).toEqual([]);

    const { data, error } = await actors.VENDOR.client.rpc('sync_pull', { table_name: 'users' });
    expect(error).toBeNull();
    const rows = (data as { rows: Record<string, unknown>[] }).rows;
    const customers = rows.filter((row) => row.role === 'CUSTOMER');
    expect(customers.map((row) => row.id)).toEqual(
      expect.arrayContaining([ids.customerA, ids.customerB, ids.customerC]),
    );
    expect(customers.every((row) => row.email === null && row.phone === null)).toBe(true);
    expect(customers.find((row) => row.id === ids.customerA)).toMatchObject({
      name: 'Cass Customer',
      address: '2 Home St',
      practice: { name: 'Hill Dental', address: '1 Hill Rd' },
      email: null,
      phone: null,
      profile_picture_url: null,
      engineer: null,
    });
    expect(customers.find((row) => row.id === ids.customerC)).toMatchObject({
      name: 'Carl No-Chair',
      address: '9 Lane',
      email: null,
      phone: null,
    });
    const practice = customers.find((row) => row.id === ids.customerA)?.practice as object;
    expect(Object.keys(practice).sort()).toEqual(['address', 'name']);
  });

  it('re-reads customer cards by id after a rejection, never the full row', async () => {
    const { data, error } = await actors.VENDOR.client.rpc('sync_rows', {
      table_name: 'users',
      ids: [ids.customerC, ids.engineerA, ids.admin],
    });
    expect(error).toBeNull();
    const rows = (data as { rows: Record<string, unknown>[] }).rows;
    expect(rows.map((row) => row.id).sort()).toEqual([ids.customerC, ids.engineerA].sort());
    expect(rows.find((row) => row.id === ids.customerC)).toMatchObject({
      email: null,
      phone: null,
      address: '9 Lane',
    });
  });

  it('gives the cards to vendors only: an engineer, customer or anon calling the card function gets none', async () => {
    for (const caller of ['ENGINEER', 'CUSTOMER', 'ADMIN'] as const) {
      const { data, error } = await actors[caller].client.rpc('vendor_customer_cards');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const anon = await clientOf('anon').rpc('vendor_customer_cards');
    expect(anon.error).not.toBeNull();
  });
});

describe('raising your own role', () => {
  it.each(['CUSTOMER', 'ENGINEER', 'VENDOR'] as const)(
    'is refused for a %s with the guard message',
    async (caller) => {
      const { data, error } = await actors[caller].client
        .from('users')
        .update({ role: 'ADMIN' })
        .eq('id', actors[caller].id)
        .select('role');
      expect(data).toBeNull();
      expect(error?.message).toBe('Only an administrator can change a role');
      expect(error?.code).toBe('42501');
      const { rows } = await db.query<{ role: string }>(
        `select role from public.users where id = $1`,
        [actors[caller].id],
      );
      expect(rows[0]?.role).toBe(caller);
    },
  );

  it("is refused for someone else's role too (0 rows, unchanged)", async () => {
    const { data, error } = await actors.VENDOR.client
      .from('users')
      .update({ role: 'ADMIN' })
      .eq('id', ids.engineerA)
      .select('role');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { rows } = await db.query<{ role: string }>(
      `select role from public.users where id = $1`,
      [ids.engineerA],
    );
    expect(rows[0]?.role).toBe('ENGINEER');
  });
});
