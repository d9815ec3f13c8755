// Hostile and malformed requests, generated with fast-check, against the local server on
// loopback: broken percent-encoding, NUL bytes, deep or invalid JSON, wrong types, forged,
// expired and foreign tokens, every method on every table, function and auth endpoint. The
// promise checked: no 5xx, the server stays up, and a request it refuses changes no row.
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { LOCAL_DEMO_JWT_SECRET } from '../../server/auth';
import type { Database } from '../../server/db/database';

export interface FuzzTarget {
  url: string;
  db: Database;
  /** Valid access tokens of signed-in users (the fuzz also forges and breaks tokens). */
  tokens: string[];
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Requests answered 5xx, or that killed the server: each with what was sent. */
  failures: string[];
  /** Requests refused (4xx) that nevertheless changed a row. */
  changedOnRefusal: string[];
  elapsedMs: number;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const ANON = 'local-anon-key';
const secret = new TextEncoder().encode(LOCAL_DEMO_JWT_SECRET);

async function tableNames(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
      union all select 'auth.users' union all select 'auth.refresh_tokens' order by 1`,
  );
  return rows.map((r) => r.name);
}

/** One hash over every row of every table: equal before and after means nothing changed. */
async function rowsHash(db: Database, tables: string[]): Promise<string> {
  const parts = tables.map(
    (t) => `select '${t}' as t, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h
              from ${t} x`,
  );
  const { rows } = await db.query<{ t: string; h: string }>(parts.join(' union all '));
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
}

async function forgedToken(sub: string, role: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(secret);
}

/** Percent-encodes any text; a lone surrogate (which encodeURIComponent refuses) goes raw. */
function encodeAnyway(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const percentGarbage = fc.constantFrom('%', '%ZZ', '%ff%fe', '%00', '%2e%2e', '..', '%c0%af', '%');
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', 'a\u0000b', "'; drop table users; --", '${x}', '\uFFFF', '\uD800'),
);

function requestArbitrary(tables: string[], functions: string[], tokens: string[]) {
  const names = fc.constantFrom(...tables.map((t) => t.replace(/^public\./, '')));
  const segment = fc.oneof(
    names,
    fc.constantFrom(...functions).map((f) => `rpc/${f}`),
    fc.constantFrom('signup', 'token', 'user', 'logout', 'verify', 'admin/users'),
    percentGarbage,
    hostileText.map(encodeAnyway),
    fc.string(),
  );
  const prefix = fc.constantFrom('/rest/v1/', '/auth/v1/', '/rest/v1/rpc/', '/', '/assets/');
  // PostgREST logic trees (or=, and=, nested, negated) with hostile values, quoted and bare.
  const treeValue = fc.oneof(
    hostileText,
    hostileText.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`),
    fc.constantFrom('"', '\\', '(', ')', ',', '.', '"a"b', 'not.'),
  );
  const leaf = fc
    .tuple(
      fc.constantFrom('id', 'name', '"status"', 'updated_at', 'nope', ''),
      fc.constantFrom('eq', 'not.gt', 'in', 'is', 'like', 'between', ''),
      treeValue,
    )
    .map(([column, op, value]) =>
      op === 'in' ? `${column}.in.(${value})` : `${column}.${op}.${value}`,
    );
  const logicTree = fc.letrec((tie) => ({
    tree: fc
      .array(fc.oneof({ depthSize: 'small' }, leaf, tie('group')), { minLength: 0, maxLength: 4 })
      .map((items) => `(${items.join(',')})`),
    group: fc
      .tuple(fc.constantFrom('or', 'and', 'not.or', 'not.and'), tie('tree'))
      .map(([op, tree]) => `${op}${tree}`),
  })).tree as fc.Arbitrary<string>;
  const queryValue = fc.oneof(
    fc.constantFrom('eq.1', 'in.(a,b', 'is.maybe', 'ilike.%', 'gt.', 'id.desc', '*', 'id,%', '-1'),
    fc.constantFrom('not.eq.1', 'not.in.("a,b",c)', 'not.is.null', '(id.eq.1', 'or(id.eq.1)'),
    hostileText.map(encodeAnyway),
    logicTree.map(encodeAnyway),
    percentGarbage,
  );
  const queryKey = fc.constantFrom(
    'select',
    'order',
    'limit',
    'offset',
    'id',
    'on_conflict',
    'grant_type',
    'scope',
    'email',
    'status',
    'or',
    'and',
    'not.or',
    'not.and',
  );
  const query = fc
    .array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
  const token = fc.oneof(
    fc.constant(undefined),
    tokens.length ? fc.constantFrom(...tokens) : fc.constant(undefined),
    fc.constantFrom('garbage', 'a.b.c', 'Bearer', ''),
    fc.tuple(
      fc.oneof(fc.uuid(), fc.string()),
      fc.constantFrom('authenticated', 'service_role', 'anon'),
      fc.constantFrom(-60, 60),
    ),
  );
  const deep = fc.integer({ min: 30, max: 6000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
  const mutationBody = fc.record({
    mutation_id: fc.oneof(fc.uuid(), fc.string(), fc.constant(null)),
    args: fc.oneof(fc.object(), fc.jsonValue(), hostileText),
  });
  const body = fc.oneof(
    fc.constant(undefined),
    fc.json(),
    fc.string(),
    deep,
    mutationBody.map((b) => JSON.stringify(b)),
    fc
      .record({ email: hostileText, password: hostileText, refresh_token: hostileText })
      .map((b) => JSON.stringify(b)),
    fc
      .dictionary(fc.string(), fc.oneof(hostileText, fc.integer(), fc.boolean()))
      .map((b) => JSON.stringify(b)),
  );
  return fc.record({
    method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'HEAD'),
    prefix,
    segment,
    query,
    token,
    body,
    contentType: fc.constantFrom('application/json', 'text/plain', ''),
    prefer: fc.constantFrom('', 'return=representation', 'resolution=merge-duplicates'),
  });
}

type Generated = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

async function toRequest(g: Generated): Promise<FuzzRequest> {
  const headers: Record<string, string> = { apikey: ANON };
  if (g.contentType) headers['content-type'] = g.contentType;
  if (g.prefer) headers.prefer = g.prefer;
  let token: string | undefined;
  if (Array.isArray(g.token)) token = await forgedToken(g.token[0], g.token[1], g.token[2]);
  else token = g.token;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(g.method) && g.body !== undefined;
  return {
    method: g.method,
    path: `${g.prefix}${g.segment}${g.query}`,
    headers,
    body: hasBody ? g.body : undefined,
  };
}

function describeRequest(r: FuzzRequest): string {
  const body = r.body === undefined ? '' : ` body=${JSON.stringify(r.body.slice(0, 200))}`;
  return `${r.method} ${r.path} auth=${r.headers.authorization ? 'yes' : 'no'}${body}`;
}

async function send(url: string, request: FuzzRequest): Promise<number> {
  const res = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  await res.arrayBuffer();
  return res.status;
}

/** Sends `runs` generated requests, one at a time, and reports what broke the promise. */
export async function fuzzServer(
  target: FuzzTarget,
  runs: number,
  seed?: number,
): Promise<FuzzReport> {
  const tables = await tableNames(target.db);
  const { rows } = await target.db.query<{ proname: string }>(
    `select distinct p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' order by 1`,
  );
  const functions = rows.map((r) => r.proname);
  const report: FuzzReport = {
    requests: 0,
    byStatus: {},
    failures: [],
    changedOnRefusal: [],
    elapsedMs: 0,
  };
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(requestArbitrary(tables, functions, target.tokens), async (generated) => {
      const request = await toRequest(generated);
      const before = await rowsHash(target.db, tables);
      let status: number;
      try {
        status = await send(target.url, request);
      } catch {
        // A kept-alive socket the server closed while idle fails once on the client side:
        // send again, and count it only if the server fails to answer twice.
        try {
          status = await send(target.url, request);
        } catch (error) {
          report.failures.push(`${describeRequest(request)} → no answer: ${String(error)}`);
          return;
        }
      }
      report.requests += 1;
      const bucket = `${Math.floor(status / 100)}xx`;
      report.byStatus[bucket] = (report.byStatus[bucket] ?? 0) + 1;
      if (status >= 500) report.failures.push(`${describeRequest(request)} → ${status}`);
      if (status >= 400 && status < 500 && (await rowsHash(target.db, tables)) !== before) {
        report.changedOnRefusal.push(`${describeRequest(request)} → ${status}`);
      }
    }),
    { numRuns: runs, seed, endOnFailure: false },
  );
  // Still up and serving after all of it.
  // A signed-in read still answers (anon holds no table privilege: its read is a 401).
  const token = target.tokens[0];
  const alive = await fetch(`${target.url}/rest/v1/parts?select=id&limit=1`, {
    headers: { apikey: ANON, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }).catch(() => undefined);
  if (alive?.status !== 200) report.failures.push(`server not answering after the fuzz`);
  report.elapsedMs = performance.now() - started;
  return report;
}
