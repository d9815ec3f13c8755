// PostgREST's logical filters on the local server (or=, and=, not.or=, not.and=, nested groups,
// not. on a filter, double-quoted values), taken from PostgREST's documented examples and its own
// and/or spec, translated to the parts catalog: a client written for Supabase (supabase-js's
// .or(), RxDB's keyset checkpoint query) works against the local server unchanged. Malformed trees
// answer PostgREST's 400 PGRST100; values are bound parameters, never SQL text.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { MAX_LOGIC_DEPTH } from '../../server/rest-query';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
let reader: SupabaseClient;
let token: string;

/** name, stock, price, model: small enough to check every answer by hand. */
const PARTS: [string, number, number, string | null][] = [
  ['Pump', 10, 100, 'S30'],
  ['Motor', 12, 300, 'S30'],
  ['Pedal', 14, 20, 'U500'],
  ['Pad', 17, 5, null],
  ['Hose, long', 18, 90, 'S30'],
  ['Valve "V2"', 21, 95, 'U500'],
  ['Lamp', 25, 50, 'S30'],
];
/** Three rows share one change time, so a keyset page must break the tie on id. */
const TIMES = ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z'];

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  reader = createTestClient(running.url);
  const { data, error } = await reader.auth.signUp({
    email: `logic.${Date.now()}@example.com`,
    password: 'correct-horse',
  });
  expect(error).toBeNull();
  token = data.session!.access_token;
  await db.query(`update public.users set role = 'ENGINEER' where id = $1`, [data.user!.id]);
  // A fresh token carries the role claim the policies read through current_user_role().
  await db.transaction(async (tx) => {
    await tx.exec('alter table public.parts disable trigger parts_set_updated_at');
    for (const [i, [name, stock, price, model]] of PARTS.entries()) {
      await tx.query(
        `insert into public.parts (name, stock, price, model, updated_at) values ($1, $2, $3, $4, $5)`,
        [name, stock, price, model, TIMES[i % TIMES.length]],
      );
    }
    await tx.exec('alter table public.parts enable trigger parts_set_updated_at');
  });
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

/** GET /rest/v1/parts with a raw query string (encoded as a browser would), as the reader. */
async function get(query: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${running.url}/rest/v1/parts?${query}`, {
    headers: { apikey: 'local-anon-key', authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json() };
}

async function names(query: string): Promise<string[]> {
  const { status, body } = await get(`select=name&${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as { name: string }[]).map((r) => r.name).sort();
}

const enc = encodeURIComponent;

describe('PostgREST logical operators', () => {
  it('or=(age.lt.18,age.gt.21): either condition', async () => {
    expect(await names(`or=(${enc('stock.lt.14,stock.gt.21')})`)).toEqual([
      'Lamp',
      'Motor',
      'Pump',
    ]);
  });

  it('grade=gte.90&student=is.true&or=(age.eq.14,not.and(age.gte.11,age.lte.17)): AND of filters and a tree with a negated group', async () => {
    expect(
      await names(
        `price=gte.90&model=eq.S30&or=${enc('(stock.eq.14,not.and(stock.gte.11,stock.lte.17))')}`,
      ),
    ).toEqual(['Hose, long', 'Pump']);
  });

  it('not.or=(id.eq.1,id.eq.2): negates the whole group', async () => {
    expect(await names(`not.or=${enc('(stock.eq.10,stock.eq.14)')}`)).toEqual([
      'Hose, long',
      'Lamp',
      'Motor',
      'Pad',
      'Valve "V2"',
    ]);
  });

  it('not.and=(...) and and=(..., or(...)): nested groups', async () => {
    expect(await names(`not.and=${enc('(stock.gte.12,stock.lte.21)')}`)).toEqual(['Lamp', 'Pump']);
    expect(await names(`and=${enc('(stock.gte.14,or(model.is.null,price.lt.50))')}`)).toEqual([
      'Pad',
      'Pedal',
    ]);
    expect(
      await names(
        `or=${enc('(and(stock.lt.13,not.or(price.gt.200)),and(model.eq.U500,price.gt.90))')}`,
      ),
    ).toEqual(['Pump', 'Valve "V2"']);
  });

  it('not. before an operator, at the top level and inside a tree', async () => {
    expect(await names('stock=not.lt.18')).toEqual(['Hose, long', 'Lamp', 'Valve "V2"']);
    expect(await names('model=not.is.null&stock=not.in.(10,12,14)')).toEqual([
      'Hose, long',
      'Lamp',
      'Valve "V2"',
    ]);
    expect(await names(`or=${enc('(model.not.eq.S30,stock.not.gte.11)')}`)).toEqual([
      'Pedal',
      'Pump',
      'Valve "V2"',
    ]);
  });

  it('reserved characters in double quotes, a backslash escaping a quote', async () => {
    expect(await names(`or=${enc('(name.eq."Hose, long",name.eq."Valve \\"V2\\"")')}`)).toEqual([
      'Hose, long',
      'Valve "V2"',
    ]);
    expect(await names(`name=in.${enc('("Hose, long",Pump)')}`)).toEqual(['Hose, long', 'Pump']);
    expect(await names(`or=${enc('("name".like.P*,"stock".in.(25,"18"))')}`)).toEqual([
      'Hose, long',
      'Lamp',
      'Pad',
      'Pedal',
      'Pump',
    ]);
  });

  it("supabase-js's .or() and .not() reach the same rows", async () => {
    const either = await reader.from('parts').select('name').or('stock.lt.14,stock.gt.21');
    expect(either.error).toBeNull();
    expect(either.data!.map((r) => r.name).sort()).toEqual(['Lamp', 'Motor', 'Pump']);
    const not = await reader.from('parts').select('name').not('model', 'is', null).lt('stock', 14);
    expect(not.data!.map((r) => r.name).sort()).toEqual(['Motor', 'Pump']);
  });

  it("pages by keyset like RxDB's Supabase replication: every row once, in order, ties broken by id", async () => {
    const all = await reader.from('parts').select('id, updated_at').order('updated_at').order('id');
    const expected = all.data!.map((r) => r.id as string);
    expect(expected).toHaveLength(PARTS.length);
    const seen: string[] = [];
    let checkpoint: { id: string; updated_at: string } | null = null;
    for (let pages = 0; pages < 10; pages++) {
      let query = reader.from('parts').select('id, updated_at');
      if (checkpoint) {
        const at = checkpoint.updated_at;
        query = query.or(
          `"updated_at".gt.${at},and("updated_at".eq.${at},"id".gt.${checkpoint.id})`,
        );
      }
      const page = await query.order('updated_at').order('id').limit(2);
      expect(page.error).toBeNull();
      if (!page.data!.length) break;
      seen.push(...page.data!.map((r) => r.id as string));
      checkpoint = page.data![page.data!.length - 1] as { id: string; updated_at: string };
    }
    expect(seen).toEqual(expected);
  });

  it('a logic tree counts as a filter for a guarded update', async () => {
    const res = await fetch(`${running.url}/rest/v1/parts?or=(stock.eq.10)`, {
      method: 'PATCH',
      headers: {
        apikey: 'local-anon-key',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ stock: 11 }),
    });
    // An engineer may read the catalog but not change it: RLS leaves no row to update.
    expect(res.status).toBe(204);
    expect(await names('stock=eq.10')).toEqual(['Pump']);
  });
});

describe('malformed logical filters', () => {
  it.each([
    ['or=(stock.lt.14', 'end of input'],
    ['or=stock.lt.14', '"s"'],
    ['or=()', '")"'],
    ['or=(stock.lt.14,)', '")"'],
    ['or=(stock.between.1)', '"b"'],
    ['or=(stock)', '")"'],
    ['or=(name.eq."unterminated)', 'end of input'],
    ['or=(name.eq."a"b)', '"b"'],
    ['and=(or(stock.eq.1)', 'end of input'],
    ['or=(stock.eq.1))', '")"'],
    ['or=(stock.is.maybe)', '")"'],
    ['stock=in.(1,2', 'end of input'],
    ['stock=not.eq', 'end of input'],
    ['stock=lt', 'end of input'],
  ])('%s answers 400 PGRST100 naming where it failed', async (query, unexpected) => {
    const { status, body } = await get(query.replace(/[()"]/g, (c) => enc(c)));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'PGRST100', hint: null });
    const { message, details } = body as { message: string; details: string };
    expect(message).toMatch(
      /^"failed to parse (logic tree|filter) \(.*\)" \(line 1, column \d+\)$/,
    );
    expect(details).toContain(`unexpected ${unexpected}`);
  });

  it(`refuses groups nested deeper than ${MAX_LOGIC_DEPTH} levels`, async () => {
    const deep = (n: number) => `${'or('.repeat(n - 1)}stock.eq.1${')'.repeat(n - 1)}`;
    expect((await get(`or=(${enc(deep(MAX_LOGIC_DEPTH))})`)).status).toBe(200);
    const tooDeep = await get(`or=(${enc(deep(MAX_LOGIC_DEPTH + 1))})`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatchObject({ code: 'PGRST100' });
    expect(JSON.stringify(tooDeep.body)).toContain(`at most ${MAX_LOGIC_DEPTH} nested groups`);
    const farTooDeep = await get(`or=(${deep(2000)})`);
    expect(farTooDeep.status).toBe(400);
  });

  it('names an unknown column in a tree as PostgREST does', async () => {
    const { status, body } = await get(`or=${enc('(stock.eq.1,nope.eq.2)')}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: '42703', message: 'column parts.nope does not exist' });
  });

  it('keeps values out of the SQL text', async () => {
    const hostile = `x'); drop table public.parts; --`;
    expect(await names(`or=${enc(`(name.eq."${hostile}",stock.eq.10)`)}`)).toEqual(['Pump']);
    expect(
      await names(`or=${enc(`(name.eq.${hostile.replace(/[,)]/g, '')},stock.eq.25)`)}`),
    ).toEqual(['Lamp']);
    const wrongType = await get(`or=${enc('(stock.eq.many,stock.eq.1)')}`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: '22P02' });
    expect(await names('stock=gte.0')).toHaveLength(PARTS.length);
  });
});
