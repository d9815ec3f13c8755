// Which database functions answer over POST /rest/v1/rpc/<name> (issue "Harden the backend",
// item 7): only the guarded operations and the sync and card functions the app calls. Trigger
// functions and helpers live in schema private (not served), and the ledger and ops_arg_* helpers
// that stay in public have execute revoked from the API roles: every such name answers 404, for
// anon and for a signed-in user alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { MUTATION_NAMES, rpcName } from '../../src/domain/mutations';
import { openTestDatabase } from './test-database';

/** Public functions the API serves besides the guarded operations. */
const SERVED = [
  'chair_lookup_serial',
  'current_user_role',
  'device_health_report',
  'mutation_applied',
  'ops_batch',
  'my_engineer_contacts',
  'sync_home_figures',
  'sync_pull',
  'sync_rows',
  'vendor_customer_cards',
];

let db: Database;
let running: RunningServer;
let token = '';
const ANON = 'local-anon-key';

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  const res = await fetch(`${running.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: ANON, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `rpc.exposure.${Date.now()}@example.com`,
      password: 'correct-horse',
      data: { name: 'Rita Rpc', role: 'CUSTOMER' },
    }),
  });
  expect(res.status).toBe(200);
  token = ((await res.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

async function functionsIn(schema: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select distinct p.proname as name from pg_proc p
      where p.pronamespace = $1::regnamespace order by 1`,
    [schema],
  );
  return rows.map((r) => r.name);
}

function callRpc(name: string, bearer?: string): Promise<Response> {
  const headers: Record<string, string> = { apikey: ANON, 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return fetch(`${running.url}/rest/v1/rpc/${name}`, { method: 'POST', headers, body: '{}' });
}

describe('functions over /rpc', () => {
  it('keeps in public only the guarded operations and the allow-listed sync and card functions', async () => {
    const allowed = new Set([...MUTATION_NAMES.map(rpcName), ...SERVED]);
    const inPublic = await functionsIn('public');
    for (const name of allowed) expect(inPublic, name).toContain(name);
    const internal = inPublic.filter((name) => !allowed.has(name));
    // What is left in public beside them is not executable by any API role.
    const { rows } = await db.query<{ name: string }>(
      `select p.proname as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace and not (p.proname = any($1::text[]))
          and (has_function_privilege('anon', p.oid, 'execute')
               or has_function_privilege('authenticated', p.oid, 'execute'))`,
      [[...allowed]],
    );
    expect(rows.map((r) => r.name)).toEqual([]);
    expect(internal).toEqual(expect.arrayContaining(['mutation_begin', 'ops_arg_text']));
  });

  it('answers 404 to every other public name and every private one, anon or signed in', async () => {
    const allowed = new Set([...MUTATION_NAMES.map(rpcName), ...SERVED]);
    const hidden = [
      ...(await functionsIn('public')).filter((name) => !allowed.has(name)),
      ...(await functionsIn('private')),
    ];
    expect(hidden).toEqual(
      expect.arrayContaining([
        'is_chair_owner',
        'sees_user_card',
        'set_updated_at',
        'guard_user_update',
        'ops_arg_object',
        'mutation_begin',
        'app_error',
      ]),
    );
    for (const name of hidden) {
      for (const bearer of [undefined, token]) {
        const res = await callRpc(name, bearer);
        expect(res.status, `${name} as ${bearer ? 'a signed-in user' : 'anon'}`).toBe(404);
        expect(await res.json()).toMatchObject({ code: 'PGRST202' });
      }
    }
  });

  it('still serves the allow-listed functions to a signed-in user', async () => {
    const role = await callRpc('current_user_role', token);
    expect(role.status).toBe(200);
    expect(await role.json()).toBe('CUSTOMER');
    const cards = await callRpc('vendor_customer_cards', token);
    expect(cards.status).toBe(200);
  });
});
