// pg-safeupdate as hosted Supabase preloads it in every PostgREST session, played by
// server/db/safeupdate on a PostgreSQL prepared as hosted (scripts/hosted-postgres.sh): the API
// refuses an UPDATE or DELETE without WHERE also inside the functions an RPC runs. And the bug it
// found (issue 42): before migration 0024 an engineer could not take a ticket once the departure
// log's daily prune was due, and kept failing; with 0024 the same database takes it.
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { MIGRATIONS_DIR, migrate, openDatabase, type Database } from '../../server/db/database';
import { callOp, raiseTicket, signUpActor, type Actor } from '../integration/actors';
import { createScratchDatabase } from '../integration/test-database';

const url = process.env.DATABASE_URL;
if (!url)
  throw new Error(
    'tests/hosted needs DATABASE_URL: a PostgreSQL prepared as hosted (scripts/hosted-postgres.sh)',
  );

let db: Database;
let running: RunningServer;
let drop: () => Promise<void>;
let before0024 = '';
let customer: Actor;
let engineer: Actor;

beforeAll(async () => {
  process.env.CHAIRSIDE_REQUIRE_SAFEUPDATE = '1';
  const scratch = await createScratchDatabase(url);
  drop = scratch.drop;
  db = await openDatabase({ databaseUrl: scratch.url });
  // The database as production had it: every migration before 0024, applied as hosted applies
  // them (the stand-in's own check of function bodies is what 0024 answers, so it is left out).
  before0024 = await mkdtemp(path.join(tmpdir(), 'before-0024-'));
  for (const name of await readdir(MIGRATIONS_DIR)) {
    if (name < '20261128000024')
      await symlink(path.join(MIGRATIONS_DIR, name), path.join(before0024, name));
  }
  await migrate(db, { migrationsDir: before0024, checkFunctionBodies: false });
  running = await startServer({ db });
  customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Ana Lind');
  engineer = await signUpActor(running.url, 'ENGINEER', 'Sam Okafor');
});

afterAll(async () => {
  await running?.close();
  await db?.close();
  await drop?.();
  if (before0024) await rm(before0024, { recursive: true, force: true });
});

const openTicket = (title: string) => raiseTicket(customer, title);

const pruneDue = () =>
  db.query(
    `update public.sync_departures_state set pruned_at = now() - interval '25 hours' where singleton`,
  );

describe('API sessions on a PostgreSQL prepared as hosted', () => {
  it('have the pg-safeupdate stand-in loaded, off outside API requests as on hosted', async () => {
    const { rows } = await db.query<{ enabled: string }>(
      `select current_setting('chairside_safeupdate.enabled') as enabled`,
    );
    expect(rows).toEqual([{ enabled: 'off' }]);
  });

  it('refuse an UPDATE without WHERE inside a function an RPC runs, and let a filtered one through', async () => {
    await db.exec(`
      create function public.planted_reopen_all() returns void language plpgsql security definer
        set search_path = public as $$ begin update public.support_tickets set status = 'OPEN'; end $$;
      create function public.planted_reopen_none() returns void language plpgsql security definer
        set search_path = public as $$ begin update public.support_tickets set status = 'OPEN' where false; end $$;
      grant execute on function public.planted_reopen_all(), public.planted_reopen_none() to authenticated;`);
    try {
      const refused = await engineer.client.rpc('planted_reopen_all');
      expect(refused.error?.message).toBe('UPDATE requires a WHERE clause');
      const allowed = await engineer.client.rpc('planted_reopen_none');
      expect(allowed.error).toBeNull();
    } finally {
      await db.exec(
        'drop function public.planted_reopen_all(); drop function public.planted_reopen_none();',
      );
    }
  });
});

describe('taking a ticket when the departure log is due its daily prune (issue 42)', () => {
  it('failed before migration 0024, and kept failing', async () => {
    const ticket = await openTicket('Suction unit weak');
    await pruneDue();
    for (let attempt = 0; attempt < 2; attempt++) {
      const outcome = await callOp(engineer, 'ticket.take', { ticketId: ticket });
      expect(outcome.error?.message).toBe('UPDATE requires a WHERE clause');
    }
    const { rows } = await db.query<{ engineer_user_id: string | null }>(
      'select engineer_user_id from public.support_tickets where id = $1',
      [ticket],
    );
    expect(rows).toEqual([{ engineer_user_id: null }]);
  });

  it('succeeds once migration 0024 is applied, and prunes the log', async () => {
    expect(await migrate(db)).toContain('20261128000024_hosted_rules.sql');
    const ticket = await openTicket('Spittoon bowl cracked');
    await pruneDue();
    const outcome = await callOp(engineer, 'ticket.take', { ticketId: ticket });
    expect(outcome.error).toBeNull();
    const { rows } = await db.query<{ fresh: boolean }>(
      `select pruned_at > now() - interval '1 hour' as fresh from public.sync_departures_state`,
    );
    expect(rows).toEqual([{ fresh: true }]);
  });
});
