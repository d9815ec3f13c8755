// The local REST endpoints (/rest/v1) through supabase-js: RLS per caller, filters, guarded
// updates, PostgREST-shaped errors and identifier validation.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient } from './supabase-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;

function client(): SupabaseClient {
  return createTestClient(running.url);
}

async function signedIn(email: string): Promise<{ c: SupabaseClient; id: string; token: string }> {
  const c = client();
  const { data, error } = await c.auth.signUp({ email, password: 'correct-horse' });
  expect(error).toBeNull();
  return { c, id: data.user!.id, token: data.session!.access_token };
}

let alice: Awaited<ReturnType<typeof signedIn>>;
let bob: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  const tag = Date.now();
  alice = await signedIn(`alice.${tag}@example.com`);
  bob = await signedIn(`bob.${tag}@example.com`);
  admin = await signedIn(`admin.${tag}@example.com`);
  await db.query(`update public.users set role = 'ADMIN' where id = $1`, [admin.id]);
  await db.query(
    `insert into public.chairs (serial_number, model, owner_user_id) values ('A-1', 'S30', $1), ('B-1', 'U500', $2)`,
    [alice.id, bob.id],
  );
  await db.query(
    `insert into public.parts (name, part_code, price, stock) values
       ('Hydraulic pump', 'HP-1', 100, 3), ('Foot pedal', 'FP-1', 20, 9), ('Headrest pad', 'HR-1', 5, 0)`,
  );
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('local REST through supabase-js', () => {
  it('shows each customer only their own chairs; admin sees all', async () => {
    const a = await alice.c.from('chairs').select('*');
    expect(a.error).toBeNull();
    expect(a.data?.map((r) => r.serial_number)).toEqual(['A-1']);
    const b = await bob.c.from('chairs').select('serial_number');
    expect(b.data).toEqual([{ serial_number: 'B-1' }]);
    const all = await admin.c.from('chairs').select('id');
    expect(all.data).toHaveLength(2);
  });

  it('filters, orders and limits parts', async () => {
    const eq = await alice.c.from('parts').select('name').eq('part_code', 'FP-1');
    expect(eq.data).toEqual([{ name: 'Foot pedal' }]);
    const inList = await alice.c
      .from('parts')
      .select('name')
      .in('part_code', ['HP-1', 'HR-1'])
      .order('name');
    expect(inList.data?.map((r) => r.name)).toEqual(['Headrest pad', 'Hydraulic pump']);
    const like = await alice.c.from('parts').select('name').ilike('name', '%PUMP%');
    expect(like.data).toEqual([{ name: 'Hydraulic pump' }]);
    const top = await alice.c
      .from('parts')
      .select('name,price')
      .order('price', { ascending: false })
      .limit(1);
    expect(top.data?.[0]?.name).toBe('Hydraulic pump');
    const gt = await alice.c.from('parts').select('name').gt('stock', 0).order('name');
    expect(gt.data?.map((r) => r.name)).toEqual(['Foot pedal', 'Hydraulic pump']);
    const single = await alice.c.from('parts').select('name').eq('part_code', 'HR-1').single();
    expect(single.data).toEqual({ name: 'Headrest pad' });
  });

  it("keeps a customer from updating another's chair", async () => {
    const { data, error } = await alice.c
      .from('chairs')
      .update({ model_name: 'hijacked' })
      .eq('serial_number', 'B-1')
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { rows } = await db.query<{ model_name: string | null }>(
      `select model_name from public.chairs where serial_number = 'B-1'`,
    );
    expect(rows[0]?.model_name).toBeNull();
  });

  it('refuses a self-promotion to ADMIN', async () => {
    const { error } = await alice.c.from('users').update({ role: 'ADMIN' }).eq('id', alice.id);
    expect(error).not.toBeNull();
    const { rows } = await db.query<{ role: string }>(
      `select role from public.users where id = $1`,
      [alice.id],
    );
    expect(rows[0]?.role).toBe('CUSTOMER');
  });

  it('lets an admin insert with representation and upsert', async () => {
    const ins = await admin.c
      .from('parts')
      .insert({ name: 'Armrest', part_code: 'AR-1', price: 7 })
      .select();
    expect(ins.error).toBeNull();
    expect(ins.data?.[0]).toMatchObject({ name: 'Armrest', part_code: 'AR-1' });
    const id = ins.data?.[0]?.id as string;
    const up = await admin.c
      .from('parts')
      .upsert({ id, name: 'Armrest L', part_code: 'AR-1' }, { onConflict: 'id' })
      .select('name');
    expect(up.error).toBeNull();
    expect(up.data).toEqual([{ name: 'Armrest L' }]);
    const bad = await admin.c.from('parts').insert({ name: 'Neg', price: -1 });
    expect(bad.error?.code).toBe('23514');
    expect(bad.status).toBe(400);
  });

  it('reports unknown tables and columns in PostgREST shape', async () => {
    const t = await alice.c.from('no_such_table').select('*');
    expect(t.status).toBe(404);
    expect(t.error?.message).toMatch(/no_such_table/);
    const c = await alice.c.from('parts').select('nope');
    expect(c.status).toBe(400);
    expect(c.error?.code).toBe('42703');
  });

  it('rejects injection in identifiers and keeps tables', async () => {
    const headers = { apikey: 'local-anon-key', authorization: `Bearer ${alice.token}` };
    for (const query of [
      'select=*;drop table users',
      'order=id;drop',
      'order=id.asc;drop table users',
    ]) {
      const res = await fetch(`${running.url}/rest/v1/parts?${query.replace(/ /g, '%20')}`, {
        headers,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const bad = await fetch(`${running.url}/rest/v1/parts%3Bdrop%20table%20users`, { headers });
    expect(bad.status).toBe(404);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name in ('users', 'parts')`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('rejects invalid JSON and bad tokens', async () => {
    const res = await fetch(`${running.url}/rest/v1/parts`, {
      method: 'POST',
      headers: {
        apikey: 'k',
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json',
      },
      body: '{oops',
    });
    expect(res.status).toBe(400);
    const forged = await fetch(`${running.url}/rest/v1/parts`, {
      headers: { apikey: 'k', authorization: 'Bearer a.b.c' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('gives anon nothing: every table read is refused as unauthorised', async () => {
    for (const table of ['chairs', 'parts', 'users', 'support_tickets']) {
      const { data, error, status } = await client().from(table).select('*');
      expect(data, table).toBeNull();
      expect(status, table).toBe(401);
      expect(error?.code, table).toBe('42501');
      expect(error?.message, table).toBe(`permission denied for table ${table}`);
    }
    const unknown = await client().from('no_such_table').select('*');
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST205');
  });

  it('answers CORS preflight for its own origin only', async () => {
    const origin = new URL(running.url).origin;
    const res = await fetch(`${running.url}/rest/v1/parts`, {
      method: 'OPTIONS',
      headers: { origin },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    const other = await fetch(`${running.url}/rest/v1/parts`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers wrong value types and oversized bodies with a 4xx and a message', async () => {
    const wrongType = await admin.c
      .from('parts')
      .insert({ name: 'Hose', price: 'cheap', stock: 1 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.error?.message).toBeTruthy();
    const badFilter = await admin.c.from('parts').select('*').eq('stock', 'many');
    expect(badFilter.status).toBe(400);
    expect(badFilter.error?.message).toBeTruthy();
    const huge = await fetch(`${running.url}/rest/v1/parts`, {
      method: 'POST',
      headers: {
        apikey: 'k',
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), price: 1, stock: 1 }),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()) as { message?: string }).toHaveProperty('message');
  });

  it('calls a database function through rpc as the signed-in user', async () => {
    const mine = await alice.c.rpc('current_user_role');
    expect(mine.error).toBeNull();
    expect(mine.data).toBe('CUSTOMER');
    const theirs = await admin.c.rpc('current_user_role');
    expect(theirs.data).toBe('ADMIN');
    const missing = await alice.c.rpc('no_such_function');
    expect(missing.status).toBe(404);
  });

  it.each([
    ['sync_pull', { table_name: 'applied_mutations' }, 'Unknown table applied_mutations'],
    [
      'sync_pull',
      { table_name: 'users; drop table users' },
      'Unknown table users; drop table users',
    ],
    ['sync_pull', { table_name: null }, 'Unknown table (none)'],
    ['sync_rows', { table_name: 'auth.users', ids: [] }, 'Unknown table auth.users'],
  ])('refuses %s of a table sync does not mirror (%j) with a 400', async (fn, params, message) => {
    const { error, status } = await alice.c.rpc(fn, params);
    expect(status).toBe(400);
    expect(error?.message).toBe(message);
    expect(error?.code).toBe('PT400');
  });

  it('answers a set-returning function with a JSON array of all its rows, as PostgREST does', async () => {
    const vendor = await signedIn(`vendor.${Date.now()}@example.com`);
    await db.query(`update public.users set role = 'VENDOR' where id = $1`, [vendor.id]);
    const cards = await vendor.c.rpc('vendor_customer_cards');
    expect(cards.error).toBeNull();
    expect((cards.data as { id: string }[]).map((card) => card.id).sort()).toEqual(
      [alice.id, bob.id].sort(),
    );
    const none = await alice.c.rpc('vendor_customer_cards');
    expect(none.error).toBeNull();
    expect(none.data).toEqual([]);
  });
});
