// The departure log keeps 90 days and prunes itself; a device whose last pull is older than what
// the log still covers pulls the table again from the start and drops what left its view.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openLocalDatabase } from '../../src/data/db';
import { pullTable, supabaseTransport } from '../../sync';
import { callOp, raiseTicket, signUpActor, type Actor } from './actors';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
let customer: Actor;
let engineer: Actor;
let rival: Actor;

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Ana Lind');
  engineer = await signUpActor(running.url, 'ENGINEER', 'Sam Okafor');
  rival = await signUpActor(running.url, 'ENGINEER', 'Jo Marsh');
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

async function departures(): Promise<{ row_id: string; departed_at: Date }[]> {
  const { rows } = await db.query<{ row_id: string; departed_at: Date }>(
    `select row_id, departed_at from public.sync_departures order by id`,
  );
  return rows;
}

const openTicket = (title: string) => raiseTicket(customer, title);

describe('pruning the departure log', () => {
  it('is not open to signed-in users', async () => {
    const { error } = await engineer.client.rpc('prune_sync_departures', {});
    expect(error).not.toBeNull();
    const direct = await engineer.client.from('sync_departures').delete().gte('id', 0).select('id');
    expect(direct.data ?? []).toEqual([]);
  });

  it('drops entries older than the retention and records what the log still covers', async () => {
    const oldId = crypto.randomUUID();
    const recentId = crypto.randomUUID();
    await db.query(
      `insert into public.sync_departures (table_name, row_id, departed_at)
       values ('support_tickets', $1, now() - interval '100 days'),
              ('support_tickets', $2, now() - interval '10 days')`,
      [oldId, recentId],
    );
    const { rows } = await db.query<{ dropped: string }>(
      `select private.prune_sync_departures(interval '90 days') as dropped`,
    );
    expect(Number(rows[0]?.dropped)).toBeGreaterThanOrEqual(1);
    const left = (await departures()).map((d) => d.row_id);
    expect(left).toContain(recentId);
    expect(left).not.toContain(oldId);
    const state = await db.query<{ fresh: boolean }>(
      `select kept_since between now() - interval '90 days 1 minute' and now() - interval '89 days' as fresh
         from public.sync_departures_state`,
    );
    expect(state.rows[0]?.fresh).toBe(true);
  });

  it('refuses a negative retention', async () => {
    await expect(
      db.query(`select private.prune_sync_departures(interval '-1 day')`),
    ).rejects.toThrow('The retention must be a positive interval');
  });

  it('runs by itself on the first departure a day after the last pruning', async () => {
    const stale = crypto.randomUUID();
    await db.query(
      `insert into public.sync_departures (table_name, row_id, departed_at)
       values ('support_tickets', $1, now() - interval '120 days')`,
      [stale],
    );
    // Pruned less than a day ago: a departure leaves the stale entry alone.
    const first = await openTicket('Suction unit weak');
    expect((await callOp(engineer, 'ticket.take', { ticketId: first })).error).toBeNull();
    expect((await departures()).map((d) => d.row_id)).toContain(stale);

    await db.query(
      `update public.sync_departures_state set pruned_at = now() - interval '25 hours'`,
    );
    const second = await openTicket('Spittoon bowl cracked');
    expect((await callOp(engineer, 'ticket.take', { ticketId: second })).error).toBeNull();
    const left = (await departures()).map((d) => d.row_id);
    expect(left).not.toContain(stale);
    expect(left).toContain(second);
  });
});

describe('a device whose last pull the log no longer covers', () => {
  it('pulls the table again and drops the ticket another engineer took meanwhile', async () => {
    const taken = await openTicket('Light arm drifts');
    const kept = await openTicket('Foot control sticky');
    const mirror = openLocalDatabase(rival.id, { indexedDB: new IDBFactory(), IDBKeyRange });
    const transport = supabaseTransport(rival.client);
    await pullTable(mirror, transport, 'supportTickets');
    expect(await mirror.supportTickets.get(taken)).toBeDefined();

    // The other engineer takes it while this tablet is away; then the log forgets everything
    // older than now (as if the tablet had been away for longer than the retention).
    expect((await callOp(engineer, 'ticket.take', { ticketId: taken })).error).toBeNull();
    await db.query(`select private.prune_sync_departures(interval '0 seconds')`);
    expect((await departures()).map((d) => d.row_id)).not.toContain(taken);

    await pullTable(mirror, transport, 'supportTickets');
    expect(await mirror.supportTickets.get(taken)).toBeUndefined();
    expect(await mirror.supportTickets.get(kept)).toMatchObject({ title: 'Foot control sticky' });

    // Covered again from here on: an ordinary incremental pull.
    const next = await transport.rpc('sync_pull', {
      table_name: 'support_tickets',
      after_updated_at: new Date().toISOString(),
      departed_after: new Date().toISOString(),
    });
    expect(next.data).toMatchObject({ rows: [] });
    expect(next.data).not.toHaveProperty('resync');
  });

  it('never mistakes rows older than the retention on a first sync for a stale cursor', async () => {
    for (const title of ['Cuspidor leaks', 'Stool squeaks', 'Delivery unit tilts']) {
      await openTicket(title);
    }
    await db.exec(
      `alter table public.support_tickets disable trigger support_tickets_set_updated_at`,
    );
    await db.query(`update public.support_tickets set updated_at = now() - interval '200 days'`);
    await db.exec(
      `alter table public.support_tickets enable trigger support_tickets_set_updated_at`,
    );
    // The log covers far less than the rows' age.
    await db.query(`select private.prune_sync_departures(interval '30 days')`);
    const mirror = openLocalDatabase(customer.id, { indexedDB: new IDBFactory(), IDBKeyRange });
    const received = await pullTable(mirror, supabaseTransport(customer.client), 'supportTickets', {
      pageSize: 2,
    });
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.support_tickets where customer_user_id = $1`,
      [customer.id],
    );
    expect(received).toBe(rows[0]?.n);
    expect(await mirror.supportTickets.count()).toBe(rows[0]?.n);
  });
});
