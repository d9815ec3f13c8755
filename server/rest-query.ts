// Parsing of the PostgREST query-string subset served by ./rest: select, order, limit, offset and
// column filters. Only shapes are checked here; identifiers are validated against the catalog.
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'is' | 'ilike';
export interface Filter {
  column: string;
  op: FilterOp;
  value: string | string[];
}
export interface OrderTerm {
  column: string;
  ascending: boolean;
}
export interface ParsedQuery {
  select: string[] | '*';
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  filters: Filter[];
  onConflict?: string[];
}

const OPS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'is', 'ilike']);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

function bad(message: string): RestError {
  return new RestError(400, 'PGRST100', message);
}

function nonNegativeInt(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw bad(`"${raw}" is not a valid ${name}`);
  return Number(raw);
}

export function parseQuery(params: URLSearchParams): ParsedQuery {
  const parsed: ParsedQuery = { select: '*', order: [], filters: [] };
  const select = params.get('select');
  if (select !== null && select.trim() !== '' && select.trim() !== '*') {
    parsed.select = select.split(',').map((c) => c.trim());
  }
  const order = params.get('order');
  if (order) {
    parsed.order = order.split(',').map((term) => {
      const [column = '', dir, ...rest] = term.split('.');
      if (rest.length > 0 || (dir !== undefined && dir !== 'asc' && dir !== 'desc')) {
        throw bad(`"${term}" is not a valid order term`);
      }
      return { column, ascending: dir !== 'desc' };
    });
  }
  const limit = params.get('limit');
  if (limit !== null) parsed.limit = nonNegativeInt('limit', limit);
  const offset = params.get('offset');
  if (offset !== null) parsed.offset = nonNegativeInt('offset', offset);
  const onConflict = params.get('on_conflict');
  if (onConflict) parsed.onConflict = onConflict.split(',').map((c) => c.trim());
  for (const [key, raw] of params) {
    if (RESERVED.has(key)) continue;
    const dot = raw.indexOf('.');
    const op = dot < 0 ? '' : raw.slice(0, dot);
    if (!OPS.has(op)) throw bad(`"${raw}" is not a valid filter for "${key}"`);
    const value = raw.slice(dot + 1);
    if (op === 'in') {
      const m = /^\((.*)\)$/.exec(value);
      if (!m) throw bad(`"${value}" is not a valid list`);
      const items = (m[1] ?? '') === '' ? [] : (m[1] ?? '').split(',').map(unquote);
      parsed.filters.push({ column: key, op: 'in', value: items });
    } else if (op === 'is') {
      if (!['null', 'true', 'false'].includes(value)) throw bad(`"${value}" is not valid for is`);
      parsed.filters.push({ column: key, op: 'is', value });
    } else if (op === 'ilike') {
      parsed.filters.push({ column: key, op: 'ilike', value: value.replace(/\*/g, '%') });
    } else {
      parsed.filters.push({ column: key, op: op as FilterOp, value });
    }
  }
  return parsed;
}

function unquote(item: string): string {
  const t = item.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}
