// What hosted Supabase refuses of a project's SQL, found with PostgreSQL's own parser (libpg-query,
// PL/pgSQL included) rather than by reading text. Two rules (../shared/HOSTED-SUPABASE.md):
//
// - pg-safeupdate is preloaded in every PostgREST session and refuses an UPDATE or DELETE without
//   WHERE when it is parsed, so also inside any function an RPC runs (trigger functions included).
//   A function whose final definition holds one fails in production on the first call that
//   reaches that statement: `private.prune_sync_departures` did (issue 42).
// - Migrations run as `postgres`, which owns no platform table (auth.*, storage.*, realtime.*).
//   supautils lets it create, alter and drop policies on a listed set of them; every other DDL
//   against them fails there. The one exception the project uses: `create trigger … on auth.users`
//   (Supabase's documented sign-up hook), which needs only the TRIGGER privilege hosted grants
//   `postgres` on auth's tables.
//
// The migration runner (database.ts) uses the same statement split to play supautils: the policy
// statements it allows run as the platform's admin, everything else as the migrations' owner.
import { parse, parsePlPgSQL, loadModule } from '@libpg-query/parser';

/** Platform tables whose policies supautils lets the project create, alter and drop. */
export const POLICY_TABLES = new Set([
  'auth.users',
  'auth.identities',
  'storage.objects',
  'storage.buckets',
  'realtime.messages',
]);
const PLATFORM_SCHEMAS = new Set(['auth', 'storage', 'realtime']);

type Node = Record<string, unknown>;

export interface Statement {
  /** The statement's text as written (without its terminating semicolon). */
  text: string;
  /** 1-based line of the statement's first character in the file. */
  line: number;
  /** The node's type, e.g. 'CreateFunctionStmt'. */
  kind: string;
  node: Node;
}

export interface Finding {
  file: string;
  line: number;
  rule: 'unfiltered-update' | 'unfiltered-delete' | 'platform-ddl';
  message: string;
}

let loaded: Promise<void> | undefined;
async function ready(): Promise<void> {
  loaded ??= loadModule();
  await loaded;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The length of the whitespace and comments a statement's text starts with. */
function leadingTrivia(text: string): number {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      return i;
    }
  }
}

/**
 * The file's top-level statements, as the server parses them. libpg-query reports locations in
 * UTF-8 bytes, so the text is cut from the bytes, not the string.
 */
export async function splitStatements(sql: string): Promise<Statement[]> {
  await ready();
  if (sql.trim() === '') return [];
  const bytes = Buffer.from(sql, 'utf8');
  const tree = (await parse(sql)) as {
    stmts?: { stmt: Node; stmt_location?: number; stmt_len?: number }[];
  };
  return (tree.stmts ?? []).map((raw) => {
    const start = raw.stmt_location ?? 0;
    const end = raw.stmt_len ? start + raw.stmt_len : bytes.length;
    const text = bytes.subarray(start, end).toString('utf8');
    const leading = leadingTrivia(text);
    const kind = Object.keys(raw.stmt)[0] ?? '';
    return {
      text: text.slice(leading).trimEnd(),
      line: lineAt(sql, bytes.subarray(0, start).toString('utf8').length + leading),
      kind,
      node: raw.stmt[kind] as Node,
    };
  });
}

function rangeVarName(value: unknown): string | undefined {
  const rv = value as { schemaname?: string; relname?: string } | undefined;
  return rv?.relname ? `${rv.schemaname ?? 'public'}.${rv.relname}` : undefined;
}

function nameList(value: unknown): string[] {
  const items = (value as { List?: { items?: unknown[] } })?.List?.items ?? (value as unknown[]);
  if (!Array.isArray(items)) return [];
  return items.map((item) => (item as { String?: { sval?: string } }).String?.sval ?? '');
}

/** A policy statement on one of the platform tables supautils allows it on. */
export function isPlatformPolicyStatement(stmt: Statement): boolean {
  if (stmt.kind === 'CreatePolicyStmt' || stmt.kind === 'AlterPolicyStmt')
    return POLICY_TABLES.has(rangeVarName(stmt.node.table) ?? '');
  if (stmt.kind === 'RenameStmt' && stmt.node.renameType === 'OBJECT_POLICY')
    return POLICY_TABLES.has(rangeVarName(stmt.node.relation) ?? '');
  if (stmt.kind === 'DropStmt' && stmt.node.removeType === 'OBJECT_POLICY') {
    const objects = (stmt.node.objects as unknown[]) ?? [];
    return objects.every((object) => POLICY_TABLES.has(nameList(object).slice(0, 2).join('.')));
  }
  return false;
}

const DATA_STATEMENTS = new Set(['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt', 'DoStmt']);

/** The platform object a DDL statement is about, if it is about one. */
function platformTarget(stmt: Statement): string | undefined {
  const node = stmt.node;
  const candidates: string[] = [];
  for (const key of ['relation', 'table', 'view', 'sequence']) {
    const name = rangeVarName(node[key]);
    if (name) candidates.push(name);
  }
  for (const key of ['relations', 'objects']) {
    for (const item of (node[key] as unknown[] | undefined) ?? []) {
      const rv = rangeVarName((item as { RangeVar?: unknown }).RangeVar);
      if (rv) candidates.push(rv);
      else if (nameList(item).length > 1) candidates.push(nameList(item).join('.'));
    }
  }
  for (const key of ['funcname', 'defnames', 'typeName']) {
    const names = nameList(node[key]);
    if (names.length > 1) candidates.push(names.join('.'));
  }
  const objectNames = nameList(node.object);
  if (objectNames.length > 1) candidates.push(objectNames.join('.'));
  if (stmt.kind === 'CreateSchemaStmt' && typeof node.schemaname === 'string')
    candidates.push(`${node.schemaname}.`);
  return candidates.find((name) => PLATFORM_SCHEMAS.has(name.split('.')[0] ?? ''));
}

function platformDdl(stmt: Statement): string | undefined {
  if (DATA_STATEMENTS.has(stmt.kind) || isPlatformPolicyStatement(stmt)) return undefined;
  const target = platformTarget(stmt);
  if (!target) return undefined;
  if (stmt.kind === 'CreateTrigStmt' && target === 'auth.users') return undefined;
  if (
    stmt.kind === 'CreatePolicyStmt' ||
    stmt.kind === 'AlterPolicyStmt' ||
    stmt.kind === 'DropStmt'
  )
    return `${stmt.kind} on ${target}: supautils allows policies only on ${[...POLICY_TABLES].join(', ')}`;
  return `${stmt.kind} on ${target}: the migrations' owner owns no platform object on hosted Supabase`;
}

interface Unfiltered {
  rule: 'unfiltered-update' | 'unfiltered-delete';
  table: string;
}

/** Every UPDATE or DELETE without WHERE anywhere in a parse tree (CTEs and subqueries included). */
function unfilteredIn(tree: unknown, found: Unfiltered[] = []): Unfiltered[] {
  if (Array.isArray(tree)) {
    for (const item of tree) unfilteredIn(item, found);
  } else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Node)) {
      if ((key === 'UpdateStmt' || key === 'DeleteStmt') && !(value as Node).whereClause) {
        found.push({
          rule: key === 'UpdateStmt' ? 'unfiltered-update' : 'unfiltered-delete',
          table: rangeVarName((value as Node).relation) ?? '?',
        });
      }
      unfilteredIn(value, found);
    }
  }
  return found;
}

async function parseQuietly(sql: string): Promise<unknown> {
  try {
    return await parse(sql);
  } catch {
    return undefined;
  }
}

/** String constants in a parse tree: the SQL an EXECUTE format('…') is likely to run. */
function stringConstants(tree: unknown, out: string[] = []): string[] {
  if (Array.isArray(tree)) for (const item of tree) stringConstants(item, out);
  else if (tree && typeof tree === 'object') {
    const sval = (tree as { A_Const?: { sval?: { sval?: string } } }).A_Const?.sval?.sval;
    if (typeof sval === 'string') out.push(sval);
    for (const value of Object.values(tree as Node)) stringConstants(value, out);
  }
  return out;
}

interface BodyQuery {
  query: string;
  /** 1-based line within the function body. */
  lineno: number;
  dynamic: boolean;
}

/** Every SQL expression and statement of a PL/pgSQL function, with the line it is on. */
function plpgsqlQueries(
  tree: unknown,
  lineno = 1,
  out: BodyQuery[] = [],
  dynamic = false,
): BodyQuery[] {
  if (Array.isArray(tree)) {
    for (const item of tree) plpgsqlQueries(item, lineno, out, dynamic);
  } else if (tree && typeof tree === 'object') {
    const node = tree as Node;
    const here = typeof node.lineno === 'number' ? node.lineno : lineno;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'PLpgSQL_expr') {
        const query = (value as { query?: string }).query;
        if (query) out.push({ query, lineno: here, dynamic });
      } else {
        plpgsqlQueries(value, here, out, dynamic || key === 'PLpgSQL_stmt_dynexecute');
      }
    }
  }
  return out;
}

function functionOption(node: Node, name: string): unknown {
  for (const option of (node.options as { DefElem?: Node }[] | undefined) ?? []) {
    if (option.DefElem?.defname === name) return option.DefElem.arg;
  }
  return undefined;
}

/** Identity of a function across migrations: its name and its input argument types. */
function functionKey(node: Node): string {
  const params = ((node.parameters as { FunctionParameter?: Node }[] | undefined) ?? [])
    .map((p) => p.FunctionParameter)
    .filter((p) => p && p.mode !== 'FUNC_PARAM_OUT' && p.mode !== 'FUNC_PARAM_TABLE')
    .map((p) => nameList((p?.argType as Node | undefined)?.names).join('.'));
  const name = nameList(node.funcname);
  return `${name.length > 1 ? name.join('.') : `public.${name[0] ?? ''}`}(${params.join(',')})`;
}

async function functionFindings(file: string, stmt: Statement): Promise<Finding[]> {
  const language = nameList([functionOption(stmt.node, 'language')])[0]?.toLowerCase() ?? 'sql';
  const body = nameList(functionOption(stmt.node, 'as'))[0];
  const bodyLine =
    body === undefined ? stmt.line : stmt.line + lineAt(stmt.text, stmt.text.indexOf(body)) - 1;
  const hits: { hit: Unfiltered; line: number; dynamic: boolean }[] = [];
  if (stmt.node.sql_body) {
    for (const hit of unfilteredIn(stmt.node.sql_body))
      hits.push({ hit, line: stmt.line, dynamic: false });
  } else if (language === 'sql' && body !== undefined) {
    for (const hit of unfilteredIn(await parseQuietly(body)))
      hits.push({ hit, line: bodyLine, dynamic: false });
  } else if (language === 'plpgsql') {
    const tree = await parsePlPgSQL(stmt.text);
    for (const { query, lineno, dynamic } of plpgsqlQueries(tree)) {
      const parsed = (await parseQuietly(query)) ?? (await parseQuietly(`select ${query}`));
      const line = bodyLine + lineno - 1;
      for (const hit of unfilteredIn(parsed)) hits.push({ hit, line, dynamic });
      if (!dynamic) continue;
      // EXECUTE format('update … %I …'): the literal, with its placeholders as plain names.
      for (const literal of stringConstants(parsed)) {
        const candidate = literal.replace(/%[IsL]/g, (m) => (m === '%L' ? "'x'" : 'x'));
        for (const hit of unfilteredIn(await parseQuietly(candidate)))
          hits.push({ hit, line, dynamic });
      }
    }
  }
  const name = functionKey(stmt.node);
  return hits.map(({ hit, line, dynamic }) => ({
    file,
    line,
    rule: hit.rule,
    message:
      `${hit.rule === 'unfiltered-update' ? 'UPDATE' : 'DELETE'} of ${hit.table} without WHERE in ` +
      `${name}${dynamic ? ' (dynamic SQL)' : ''}: pg-safeupdate refuses it in every API session ` +
      '(add the key predicate, or `where true` for a one-row table)',
  }));
}

export interface SqlFile {
  name: string;
  sql: string;
}

/**
 * Every finding over migrations applied in order: a function's body is judged in its final
 * definition (a later `create or replace` supersedes the earlier one, as on a deployed database),
 * platform DDL wherever it is written.
 */
export async function checkMigrations(files: SqlFile[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  const finalFunctions = new Map<string, Finding[]>();
  for (const file of files) {
    for (const stmt of await splitStatements(file.sql)) {
      const ddl = platformDdl(stmt);
      if (ddl)
        findings.push({ file: file.name, line: stmt.line, rule: 'platform-ddl', message: ddl });
      if (stmt.kind === 'CreateFunctionStmt') {
        finalFunctions.set(functionKey(stmt.node), await functionFindings(file.name, stmt));
      }
    }
  }
  for (const list of finalFunctions.values()) findings.push(...list);
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}: ${finding.message}`;
}
