// PostgREST-compatible table and RPC endpoints (/rest/v1) for the local stand-in. Every request
// runs in one transaction as role anon or authenticated with request.jwt.claims set, so the
// migrations' grants and RLS policies decide what each caller sees. Identifiers are checked
// against the catalog before being quoted; values are always bound parameters.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_DEMO_JWT_SECRET, logFailure, verifyAccessToken } from './auth';
import { SAFEUPDATE_SETTING, type Database, type Queryable } from './db/database';
import {
  CORS_HEADERS,
  HttpError,
  readJson,
  requestUrl,
  sendEmpty,
  sendJson,
  sendJsonText,
} from './http-util';
import { isKeysetPage, keysetAfter } from './rest-keyset';
import { RestError, parseQuery, type Condition, type Filter, type ParsedQuery } from './rest-query';

export interface RestHandlerOptions {
  db: Database;
  jwtSecret?: string;
}
export type RestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const STATUS_BY_SQLSTATE: Record<string, number> = {
  '23514': 400,
  '23502': 400,
  '23503': 409,
  '23505': 409,
  '22P02': 400,
  '22023': 400,
  '22007': 400,
  '22008': 400,
  '22003': 400,
  '22001': 400,
  P0001: 400,
  '42883': 404,
};

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

function q(ident: string): string {
  return `"${ident.replace(/"/g, '""')}"`;
}

/** Who is calling: role anon, or authenticated with the verified JWT claims (401 when invalid). */
export async function claimsFor(req: IncomingMessage, secret: string) {
  const auth = req.headers.authorization ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim();
  const apikey = req.headers.apikey;
  if (!token || token === apikey || token.split('.').length !== 3) {
    return { role: 'anon' as const, claims: { role: 'anon' } as Record<string, unknown> };
  }
  try {
    const claims = await verifyAccessToken(token, secret);
    return {
      role: claims.role === 'authenticated' ? ('authenticated' as const) : ('anon' as const),
      claims: claims as Record<string, unknown>,
    };
  } catch (error) {
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw new RestError(401, 'PGRST301', expired ? 'JWT expired' : 'Invalid JWT');
  }
}

async function tableColumns(tx: Queryable, table: string): Promise<Set<string>> {
  // From the catalog, as PostgREST's schema cache is (information_schema shows only what the
  // caller holds a privilege on): a table the role may not read is found, and the read is then
  // refused with 42501 (401 for anon), not answered as an unknown name.
  const { rows } = await tx.query<{ column_name: string }>(
    `select a.attname as column_name
       from pg_catalog.pg_class c
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relname = $1
        and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
    [table],
  );
  if (rows.length === 0) {
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table 'public.${table}' in the schema cache`,
    );
  }
  return new Set(rows.map((r) => r.column_name));
}

function checkColumn(columns: Set<string>, table: string, column: string): string {
  if (!columns.has(column)) {
    throw new RestError(400, '42703', `column ${table}.${column} does not exist`);
  }
  return q(column);
}

function whereClause(
  filters: Condition[],
  columns: Set<string>,
  table: string,
  params: unknown[],
): string {
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const condition = (c: Condition): string => {
    if (c.kind === 'group') {
      // A keyset checkpoint as the row comparison it means: one index condition (./rest-keyset).
      const keyset = keysetAfter(c);
      if (keyset) {
        const [a, b] = keyset.columns.map((column) => checkColumn(columns, table, column));
        const [x, y] = keyset.after.map(bind);
        return `(${a}, ${b}) ${keyset.inclusive ? '>=' : '>'} (${x}, ${y})`;
      }
      const joined = c.items.map(condition).join(c.op === 'and' ? ' and ' : ' or ');
      return `${c.negated ? 'not ' : ''}(${joined})`;
    }
    const sql = comparison(c, checkColumn(columns, table, c.column), bind);
    return c.negated ? `not (${sql})` : sql;
  };
  return filters.length ? ` where ${filters.map(condition).join(' and ')}` : '';
}

/** One column filter as SQL; the value is always a bound parameter. */
function comparison(f: Filter, col: string, bind: (v: unknown) => string): string {
  switch (f.op) {
    case 'eq':
      return `${col} = ${bind(f.value)}`;
    case 'neq':
      return `${col} <> ${bind(f.value)}`;
    case 'gt':
      return `${col} > ${bind(f.value)}`;
    case 'gte':
      return `${col} >= ${bind(f.value)}`;
    case 'lt':
      return `${col} < ${bind(f.value)}`;
    case 'lte':
      return `${col} <= ${bind(f.value)}`;
    case 'like':
      return `${col}::text like ${bind(f.value)}::text`;
    case 'ilike':
      return `${col}::text ilike ${bind(f.value)}::text`;
    case 'is': {
      const literal = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' }[
        f.value as string
      ];
      return `${col} is ${literal ?? 'null'}`;
    }
    case 'in': {
      const values = f.value as string[];
      if (values.length === 0) return 'false';
      return `${col} in (${values.map(bind).join(', ')})`;
    }
  }
}

function selectList(parsed: ParsedQuery, columns: Set<string>, table: string): string {
  return parsed.select === '*'
    ? '*'
    : parsed.select.map((c) => checkColumn(columns, table, c)).join(', ');
}

function preferences(req: IncomingMessage): Set<string> {
  const raw = req.headers.prefer;
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

function toRestError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof HttpError) {
    return new RestError(error.status, 'PGRST102', String(error.body.msg ?? 'Bad request'));
  }
  const pg = error as PgError;
  const code = typeof pg.code === 'string' ? pg.code : '';
  const message = pg.message ?? 'Internal error';
  let status = STATUS_BY_SQLSTATE[code];
  if (code === '42501') status = role === 'anon' ? 401 : 403;
  const pt = /^PT(\d{3})$/.exec(code);
  if (pt) status = Number(pt[1]);
  if (status === undefined) {
    if (/^(22|23|42|0A|21)/.test(code)) status = 400;
    else {
      logFailure('rest', error);
      status = 500;
    }
  }
  return new RestError(status, code || 'PGRST000', message, pg.detail ?? null, pg.hint ?? null);
}

async function runTable(
  tx: Queryable,
  req: IncomingMessage,
  table: string,
  url: URL,
  body: unknown,
): Promise<{ status: number; rows?: unknown[]; text?: string; count?: number }> {
  const columns = await tableColumns(tx, table);
  const parsed = parseQuery(url.searchParams);
  const prefer = preferences(req);
  const wantRows = prefer.has('return=representation');
  const rel = `public.${q(table)}`;
  const params: unknown[] = [];
  const method = req.method ?? 'GET';

  if (method === 'GET' || method === 'HEAD') {
    let sql = `select ${selectList(parsed, columns, table)} from ${rel}`;
    sql += whereClause(parsed.filters, columns, table, params);
    if (parsed.order.length) {
      sql += ` order by ${parsed.order
        .map((o) => `${checkColumn(columns, table, o.column)} ${o.ascending ? 'asc' : 'desc'}`)
        .join(', ')}`;
    }
    if (parsed.limit !== undefined) sql += ` limit ${parsed.limit}`;
    if (parsed.offset !== undefined) sql += ` offset ${parsed.offset}`;
    if (isKeysetPage(parsed)) {
      // This statement only (the transaction ends with it): see isKeysetPage.
      await tx.query(
        `select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`,
      );
    }
    // As JSON text, sent as is (see runRpc); the count decides a single-object answer.
    const { rows } = await tx.query<{ body: string; n: number }>(
      `select coalesce(json_agg(r), '[]'::json)::text as body, count(*)::int as n from (${sql}) r`,
      params,
    );
    return { status: 200, text: rows[0]?.body ?? '[]', count: rows[0]?.n ?? 0 };
  }

  let dml: string;
  if (method === 'POST') {
    const records = Array.isArray(body) ? body : [body];
    if (records.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
      throw new RestError(400, 'PGRST102', 'Body must be a JSON object or an array of objects');
    }
    const keys = [...new Set(records.flatMap((r) => Object.keys(r as object)))];
    if (keys.length === 0) throw new RestError(400, 'PGRST102', 'Empty insert body');
    const cols = keys.map((k) => checkColumn(columns, table, k)).join(', ');
    params.push(JSON.stringify(records));
    dml = `insert into ${rel} (${cols}) select ${cols} from json_populate_recordset(null::${rel}, $1::json)`;
    if (prefer.has('resolution=merge-duplicates') || prefer.has('resolution=ignore-duplicates')) {
      const target = (parsed.onConflict ?? []).map((c) => checkColumn(columns, table, c));
      const conflict = target.length ? ` (${target.join(', ')})` : '';
      if (prefer.has('resolution=ignore-duplicates')) dml += ` on conflict${conflict} do nothing`;
      else {
        if (!target.length) throw new RestError(400, 'PGRST100', 'on_conflict is required');
        dml += ` on conflict${conflict} do update set ${keys
          .map((k) => `${q(k)} = excluded.${q(k)}`)
          .join(', ')}`;
      }
    }
  } else if (method === 'PATCH') {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new RestError(400, 'PGRST102', 'Body must be a JSON object');
    }
    const keys = Object.keys(body);
    if (keys.length === 0) throw new RestError(400, 'PGRST102', 'Empty update body');
    params.push(JSON.stringify(body));
    const sets = keys
      .map(
        (k) =>
          `${checkColumn(columns, table, k)} = (json_populate_record(null::${rel}, $1::json)).${q(k)}`,
      )
      .join(', ');
    requireFilter(parsed, 'UPDATE');
    dml = `update ${rel} set ${sets}${whereClause(parsed.filters, columns, table, params)}`;
  } else if (method === 'DELETE') {
    requireFilter(parsed, 'DELETE');
    dml = `delete from ${rel}${whereClause(parsed.filters, columns, table, params)}`;
  } else {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  const list = selectList(parsed, columns, table);
  const { rows } = await tx.query<{ body: unknown[] }>(
    `with r as (${dml} returning *) select coalesce(json_agg(x), '[]'::json) as body from (select ${list} from r) x`,
    params,
  );
  const result = rows[0]?.body ?? [];
  if (!wantRows) return { status: method === 'POST' ? 201 : 204 };
  return { status: method === 'POST' ? 201 : 200, rows: result };
}

/**
 * As Supabase's pg-safeupdate: an UPDATE or DELETE must name its rows. Row-level security would
 * still limit a bare one to the caller's rows, but a filterless write is always a bug.
 */
function requireFilter(parsed: ParsedQuery, verb: 'UPDATE' | 'DELETE'): void {
  if (parsed.filters.length === 0) {
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
  }
}

/** A path segment decoded; malformed percent-encoding is the caller's error, not ours. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RestError(400, 'PGRST100', 'Malformed percent-encoding in the request path');
  }
}

/** A JSON argument as a SQL parameter: JSON arrays become array literals for array types. */
function rpcParam(value: unknown, type: string): string | null {
  if (value === null) return null;
  if (Array.isArray(value) && type.endsWith('[]')) {
    const items = value.map((item) =>
      item === null ? 'NULL' : `"${String(item).replace(/["\\]/g, '\\$&')}"`,
    );
    return `{${items.join(',')}}`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Calls public.<fn> as the request's role. Only schema public is served (internals live in schema
 * private), and a function no API role may execute (the ledger and ops_arg_* helpers, revoked) is
 * not found, so an internal name answers 404 like an unknown one. A function granted to
 * authenticated only is still found for anon, which gets its 401.
 */
async function runRpc(tx: Queryable, fn: string, body: unknown): Promise<string> {
  const args = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const { rows } = await tx.query<{
    names: string[] | null;
    types: string[];
    returns_set: boolean;
  }>(
    `select p.proargnames as names, p.proretset as returns_set,
            array(select format_type(t, null) from unnest(p.proargtypes::oid[]) t) as types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = $1
        and p.prorettype <> 'trigger'::regtype
        and (has_function_privilege('anon', p.oid, 'execute')
             or has_function_privilege('authenticated', p.oid, 'execute'))`,
    [fn],
  );
  const proc = rows[0];
  if (!proc || rows.length !== 1) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${fn} in the schema cache`,
    );
  }
  const names = proc.names ?? [];
  const params: unknown[] = [];
  const parts: string[] = [];
  for (const [key, value] of Object.entries(args as Record<string, unknown>)) {
    const index = names.indexOf(key);
    const type = proc.types[index];
    if (index < 0 || type === undefined) {
      throw new RestError(404, 'PGRST202', `Could not find the function public.${fn}(${key})`);
    }
    params.push(rpcParam(value, type));
    // Bound as text and cast by the database, so a bad value is its 22P02, not a driver fault.
    parts.push(`${q(key)} => $${params.length}::text::${type}`);
  }
  // A set-returning function answers with a JSON array of its rows, as PostgREST does. The answer
  // leaves the database as JSON text and is sent as is: a page of sync_pull is a megabyte, which
  // parsing into objects and serialising again would only slow down.
  const call = `public.${q(fn)}(${parts.join(', ')})`;
  const result = await tx.query<{ body: string | null }>(
    proc.returns_set
      ? `select coalesce(json_agg(f), '[]'::json)::text as body from ${call} as f`
      : `select to_json(${call})::text as body`,
    params,
  );
  return result.rows[0]?.body ?? 'null';
}

export function createRestHandler(options: RestHandlerOptions): RestHandler {
  const secret = options.jwtSecret ?? LOCAL_DEMO_JWT_SECRET;
  return async (req, res) => {
    if (req.method === 'OPTIONS') {
      sendEmpty(res, 204);
      return;
    }
    let role = 'anon';
    try {
      const url = requestUrl(req);
      const rest = url.pathname.replace(/^\/rest\/v1\/?/, '');
      const auth = await claimsFor(req, secret);
      role = auth.role;
      const hasBody = req.method === 'POST' || req.method === 'PATCH';
      const body = hasBody ? await readJson(req) : undefined;
      const accept = req.headers.accept ?? '';
      const single = accept.includes('application/vnd.pgrst.object+json');
      const out = await options.db.transaction(async (tx) => {
        // A PostgREST session on hosted Supabase: pg-safeupdate refuses UPDATE and DELETE without
        // WHERE, also inside the functions called (on PostgreSQL with server/db/safeupdate).
        await tx.exec(`set local ${SAFEUPDATE_SETTING} = on`);
        await tx.exec(`set local role ${auth.role === 'authenticated' ? 'authenticated' : 'anon'}`);
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify(auth.claims),
        ]);
        const rpc = /^rpc\/([^/]+)$/.exec(rest);
        if (rpc) {
          if (req.method !== 'POST' && req.method !== 'GET') {
            throw new RestError(405, 'PGRST117', 'Unsupported HTTP method');
          }
          return {
            status: 200,
            rows: undefined,
            rpc: await runRpc(tx, decodeSegment(rpc[1] ?? ''), body),
          };
        }
        if (rest === '' || rest.includes('/')) {
          throw new RestError(404, 'PGRST125', `Invalid path ${url.pathname}`);
        }
        const result = await runTable(tx, req, decodeSegment(rest), url, body);
        const count = result.count ?? result.rows?.length;
        if (single && count !== undefined && count !== 1) {
          throw new RestError(
            406,
            'PGRST116',
            'JSON object requested, multiple (or no) rows returned',
            `The result contains ${count} rows`,
          );
        }
        return { ...result, rpc: undefined };
      });
      if (out.rpc !== undefined) {
        sendJsonText(res, 200, out.rpc);
      } else if (out.text !== undefined) {
        if (single) sendJson(res, out.status, (JSON.parse(out.text) as unknown[])[0]);
        else sendJsonText(res, out.status, out.text);
      } else if (out.rows === undefined) {
        res.writeHead(out.status, CORS_HEADERS).end();
      } else {
        sendJson(res, out.status, single ? out.rows[0] : out.rows);
      }
    } catch (error) {
      const e = toRestError(error, role);
      if (!res.headersSent) {
        sendJson(res, e.status, {
          code: e.code,
          message: e.message,
          details: e.details,
          hint: e.hint,
        });
      } else res.end();
    }
  };
}
