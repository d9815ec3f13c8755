// A new device's first sync in two stages against the real server (issue 30), for each role on a
// generated data set: when the second stage asks for its first row, the home screen's every
// figure and list already reads as it will once the mirror is complete (the first stage's slices
// hold what the home lists, and public.sync_home_figures counts what the complete mirror counts,
// read by src/domain's rules); every row the first stage brought is one the role may read (a
// slice only narrows); and the first stage is a part of the whole (at this small scale an
// engineer's own work is a good part of their view; the bench shows it at fleet size).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { generateLargeDataSet } from '../../server/seed/generate';
import type { ChairsideDatabase } from '../../src/data/db';
import { loadAdminOverview } from '../../src/data/queries/admin-overview';
import { loadMyChairs, loadMyTickets } from '../../src/data/queries/customer';
import { loadEngineerWorkloads } from '../../src/data/queries/engineer-figures';
import { loadEngineerOverview } from '../../src/data/queries/tickets';
import { loadVendorOverview } from '../../src/data/queries/vendor';
import { ENTITY_TABLES, SERVER_TABLE } from '../../src/domain/entities';
import { FIRST_STAGE, pullFirstSync, supabaseTransport, type Transport } from '../../sync';
import { completeFirstSync } from '../../sync/first-sync';
import { signUpActor, type Actor, type ActorRole } from './actors';
import { mirrorView, openDevice } from './devices';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
const actors = {} as Record<ActorRole, Actor>;

/** Signs up the generated directory user with this e-mail: the account takes over their row. */
async function claim(email: string, role: ActorRole, name: string): Promise<Actor> {
  const client = createTestClient(running.url);
  const { data, error } = await client.auth.signUp({
    email,
    password: 'correct-horse',
    options: { data: { name, role } },
  });
  if (error || !data.user || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  return { client, id: data.user.id, email, name, role };
}

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  await generateLargeDataSet(db, {
    chairs: 400,
    tickets: 2000,
    serviceRequests: 800,
    parts: 60,
    customers: 40,
    engineers: 8,
    partRequests: 120,
  });
  actors.ENGINEER = await claim('bench.1.engineer.0@example.com', 'ENGINEER', 'Erin Field');
  actors.CUSTOMER = await claim('bench.1.customer.0@example.com', 'CUSTOMER', 'Dr Cara Lane');
  actors.VENDOR = await signUpActor(running.url, 'VENDOR', 'Vic Ops');
  actors.ADMIN = await signUpActor(running.url, 'ADMIN', 'Ada Admin');
}, 120_000);

afterAll(async () => {
  await running?.close();
  await db?.close();
});

/** What the role's home screen shows, read as its screen reads it. */
function home(role: ActorRole, mirror: ChairsideDatabase, userId: string): Promise<unknown> {
  switch (role) {
    case 'ENGINEER':
      return loadEngineerOverview(mirror, userId, 5);
    case 'CUSTOMER':
      return Promise.all([loadMyChairs(mirror, userId), loadMyTickets(mirror, userId)]);
    case 'VENDOR':
      return Promise.all([loadVendorOverview(mirror, 5), loadEngineerWorkloads(mirror)]);
    case 'ADMIN':
      return loadAdminOverview(mirror);
  }
}

const idsOf = (view: Record<string, unknown[]>) =>
  Object.fromEntries(
    Object.entries(view).map(([table, rows]) => [
      table,
      rows.map((row) => (row as { id: string }).id),
    ]),
  );

describe('a new device: own work first', { timeout: 120_000 }, () => {
  it.each(['ENGINEER', 'CUSTOMER', 'VENDOR', 'ADMIN'] as const)(
    '%s: the home reads as it will when complete once the first stage is in, from rows the role may read',
    async (role) => {
      const actor = actors[role];
      const device = openDevice(actor, supabaseTransport(actor.client), {});
      const stage = FIRST_STAGE[role];
      const wholeFirst = new Set(
        stage.pulls.filter((p) => !p.slice).map((p) => SERVER_TABLE[p.table]),
      );
      let atSecondStage: { home: unknown; rows: Record<string, string[]> } | undefined;
      const watching: Transport = {
        async rpc(fn, params) {
          const second =
            fn === 'sync_pull' && !params.slice && !wholeFirst.has(String(params.table_name));
          if (second && !atSecondStage) {
            atSecondStage = {
              home: await home(role, device.mirror, actor.id),
              rows: idsOf(await mirrorView(device.mirror)),
            };
          }
          return device.transport.rpc(fn, params);
        },
      };
      await pullFirstSync(device.mirror, watching, stage);
      await completeFirstSync(device.mirror, 'lastSyncAt', new Date().toISOString());
      const complete = {
        home: await home(role, device.mirror, actor.id),
        rows: idsOf(await mirrorView(device.mirror)),
      };

      expect(atSecondStage?.home).toEqual(complete.home);
      // Something to show: not an empty home.
      expect(JSON.stringify(complete.home)).toMatch(/"id":/);
      let firstRows = 0;
      let allRows = 0;
      for (const table of ENTITY_TABLES) {
        const first = atSecondStage?.rows[table] ?? [];
        expect(complete.rows[table], table).toEqual(expect.arrayContaining(first));
        firstRows += first.length;
        allRows += complete.rows[table]?.length ?? 0;
      }
      if (role === 'CUSTOMER') {
        // Their own tables are the first stage, whole: all but the catalogue.
        expect(atSecondStage?.rows.chairs).toEqual(complete.rows.chairs);
        expect(atSecondStage?.rows.parts).toEqual([]);
      } else {
        expect(firstRows).toBeLessThan(allRows);
      }
    },
  );

  it('answers a slice only of what the caller may read, and refuses a slice it does not know', async () => {
    // A customer has no slice of the catalogue, nor may they read another customer's chairs.
    const customer = actors.CUSTOMER.client;
    const chairs = await customer.rpc('sync_pull', { table_name: 'chairs', slice: 'first' });
    expect(chairs.error).toBeNull();
    expect((chairs.data as { rows: unknown[] }).rows).toEqual([]);
    // A vendor's slice of the parts they may not read is empty too.
    const vendor = actors.VENDOR.client;
    const parts = await vendor.rpc('sync_pull', { table_name: 'parts', slice: 'first' });
    expect((parts.data as { rows: unknown[] }).rows).toEqual([]);
    const unknown = await vendor.rpc('sync_pull', { table_name: 'users', slice: 'everything' });
    expect(unknown.error?.message).toBe('Unknown slice everything');
    // Counts are for signed-in roles with a home to count: a customer gets only their role.
    const counts = await customer.rpc('sync_home_figures');
    expect(counts.data).toMatchObject({ role: 'CUSTOMER' });
    expect(counts.data).not.toHaveProperty('tickets');
  });
});
