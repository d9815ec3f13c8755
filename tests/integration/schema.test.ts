import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, migrate, type Database } from '../../server/db/database';
import { SERVER_TABLES } from './server-tables';
import { openTestDatabase } from './test-database';

const TABLES = SERVER_TABLES;

describe('schema migration', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });

  afterAll(async () => {
    await db.close();
  });

  it('creates all eight tables with row level security enabled', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname = any($1::text[])`,
      [[...TABLES]],
    );
    expect(rows.map((r) => r.relname).sort()).toEqual([...TABLES].sort());
    for (const row of rows) expect(row.relrowsecurity, row.relname).toBe(true);
  });

  it('indexes every foreign key, so policies and lookups by reference never scan a table', async () => {
    const { rows } = await db.query<{ fk: string }>(
      `select c.conrelid::regclass || '(' || a.attname || ')' as fk
         from pg_constraint c
         join pg_namespace n on n.oid = c.connamespace
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and n.nspname = 'public' and array_length(c.conkey, 1) = 1
          and not exists (
            select 1 from pg_index i
             where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
          )
        order by 1`,
    );
    expect(rows.map((r) => r.fk)).toEqual([]);
  });

  it('enables RLS on applied_mutations', async () => {
    const { rows } = await db.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid = 'public.applied_mutations'::regclass`,
    );
    expect(rows[0]?.relrowsecurity).toBe(true);
  });

  it('sets updated_at from the server clock on insert and update, ignoring client values', async () => {
    const old = '2000-01-01T00:00:00Z';
    const inserted = await db.query<{ id: string; updated_at: Date }>(
      `insert into public.parts (name, price, stock, updated_at) values ('Valve', 10, 1, $1)
       returning id, updated_at`,
      [old],
    );
    const first = inserted.rows[0];
    expect(first).toBeDefined();
    if (!first) return;
    expect(first.updated_at.getTime()).toBeGreaterThan(new Date(old).getTime());

    const updated = await db.query<{ updated_at: Date }>(
      `update public.parts set stock = 2, updated_at = $2 where id = $1 returning updated_at`,
      [first.id, old],
    );
    const second = updated.rows[0];
    expect(second).toBeDefined();
    if (!second) return;
    expect(second.updated_at.getTime()).toBeGreaterThan(first.updated_at.getTime());
  });

  const rejects = async (sql: string, params: unknown[] = []) => {
    await expect(db.query(sql, params)).rejects.toThrow(/violates|invalid/i);
  };

  it('rejects a bad role', async () => {
    await rejects(`insert into public.users (email, role) values ('x@example.com', 'ROOT')`);
  });

  it('rejects negative stock and negative price', async () => {
    await rejects(`insert into public.parts (name, price, stock) values ('A', 1, -1)`);
    await rejects(`insert into public.parts (name, price, stock) values ('B', -0.01, 1)`);
  });

  it('rejects a bad ticket status', async () => {
    await rejects(`insert into public.support_tickets (title, status) values ('T', 'DONE')`);
  });

  it('rejects a bad practice type and accepts a good one', async () => {
    await rejects(
      `insert into public.users (email, practice) values ('p@example.com', '{"type":"SPA"}'::jsonb)`,
    );
    await db.query(
      `insert into public.users (email, practice) values ('q@example.com', '{"type":"DENTAL"}'::jsonb)`,
    );
  });

  it('rejects a non-positive warranty years value', async () => {
    await rejects(
      `insert into public.chairs (serial_number, model, warranty)
       values ('W-1', 'S30', '{"warrantyYears":0}'::jsonb)`,
    );
  });

  it('keeps serial_number unique', async () => {
    await db.query(`insert into public.chairs (serial_number, model) values ('SN-1', 'S30')`);
    await expect(
      db.query(`insert into public.chairs (serial_number, model) values ('SN-1', 'U500')`),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('migrating twice is a no-op', async () => {
    const before = await db.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations',
    );
    const applied = await migrate(db);
    expect(applied).toEqual([]);
    const after = await db.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations',
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect(after.rows[0]?.n).toBeGreaterThan(0);
  });

  it('auth.uid() reads sub from request.jwt.claims inside a transaction', async () => {
    const sub = '11111111-2222-4333-8444-555555555555';
    const uid = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub, role: 'authenticated' }),
      ]);
      const { rows } = await tx.query<{ uid: string; role: string }>(
        'select auth.uid() as uid, auth.role() as role',
      );
      expect(rows[0]?.role).toBe('authenticated');
      return rows[0]?.uid;
    });
    expect(uid).toBe(sub);
    const outside = await db.query<{ uid: string | null }>('select auth.uid() as uid');
    expect(outside.rows[0]?.uid).toBeNull();
  });

  it('current_user_role() returns the role of the auth.uid() user', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.users (email, role) values ('eng@example.com', 'ENGINEER') returning id`,
    );
    const id = rows[0]?.id;
    const role = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: id }),
      ]);
      const r = await tx.query<{ role: string }>('select public.current_user_role() as role');
      return r.rows[0]?.role;
    });
    expect(role).toBe('ENGINEER');
  });
});

// A new data directory migrated from nothing: initdb and every migration (27 s beside stress-ng,
// and growing with the migrations). Four minutes is a hang's limit, not a slow machine's.
describe('persisted data directory', { timeout: 240_000 }, () => {
  it('reopening a migrated data dir applies nothing and keeps rows', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chairside-db-'));
    try {
      const first = await openDatabase({ dataDir });
      expect((await migrate(first)).length).toBeGreaterThan(0);
      await first.query(`insert into public.parts (name, price, stock) values ('Kept', 1, 1)`);
      await first.close();

      const second = await openDatabase({ dataDir });
      expect(await migrate(second)).toEqual([]);
      const { rows } = await second.query<{ n: number }>(
        `select count(*)::int as n from public.parts where name = 'Kept'`,
      );
      expect(rows[0]?.n).toBe(1);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
