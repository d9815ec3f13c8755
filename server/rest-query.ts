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

export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'is' | 'like' | 'ilike';
/** One column filter, as `column=op.value` or inside a logic tree as `column.op.value`. */
export interface Filter {
  kind: 'filter';
  column: string;
  op: FilterOp;
  value: string | string[];
  /** `not.` before the operator. */
  negated: boolean;
}
/** `or=(...)`, `and=(...)`, `not.or=(...)` and their nested forms `or(...)`, `not.and(...)`. */
export interface LogicGroup {
  kind: 'group';
  op: 'and' | 'or';
  negated: boolean;
  items: Condition[];
}
export type Condition = Filter | LogicGroup;
export interface OrderTerm {
  column: string;
  ascending: boolean;
}
export interface ParsedQuery {
  select: string[] | '*';
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** Every condition, all of which must hold (query-string parameters are AND-ed). */
  filters: Condition[];
  onConflict?: string[];
}

const OPS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'is', 'like', 'ilike']);
const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and']);
/** Deeper trees are refused before they reach the database's own expression depth limit. */
export const MAX_LOGIC_DEPTH = 32;
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
    if (LOGIC_KEYS.has(key)) {
      const negated = key.startsWith('not.');
      const op = negated ? key.slice(4) : key;
      const group = new LogicParser(raw).tree(op as 'and' | 'or', negated);
      parsed.filters.push(group);
      continue;
    }
    parsed.filters.push(new FilterParser(raw).filter(key));
  }
  return parsed;
}

/**
 * PostgREST's grammar for one filter and for logic trees:
 *   tree   := '(' item (',' item)* ')'
 *   item   := ['not.'] ('and' | 'or') tree | field '.' ['not.'] op '.' value
 *   field  := '"' quoted '"' | characters up to the next '.'
 *   value  := '"' quoted '"' | characters up to the next ',' or ')'   (inside a tree)
 *           | everything that is left                                (a query-string filter)
 *   in     := '(' element (',' element)* ')', each element quoted or up to the next ',' or ')'
 * Inside double quotes a backslash takes the next character literally. Values stay text here
 * and become bound parameters; nothing of them is ever spliced into SQL.
 */
class Scanner {
  protected pos = 0;
  constructor(
    protected readonly text: string,
    private readonly what: string,
  ) {}

  protected fail(expecting: string): RestError {
    const found = this.pos < this.text.length ? `"${this.text[this.pos]}"` : 'end of input';
    return new RestError(
      400,
      'PGRST100',
      `"failed to parse ${this.what} (${this.text})" (line 1, column ${this.pos + 1})`,
      `unexpected ${found} expecting ${expecting}`,
    );
  }

  protected peek(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos);
  }

  protected expect(char: string): void {
    if (this.text[this.pos] !== char) throw this.fail(`"${char}"`);
    this.pos += 1;
  }

  protected skipSpaces(): void {
    while (this.text[this.pos] === ' ') this.pos += 1;
  }

  /** A double-quoted string, backslash escaping the next character. */
  protected quoted(): string {
    this.expect('"');
    let out = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) throw this.fail('closing quote');
      this.pos += 1;
      if (c === '"') return out;
      if (c === '\\') {
        const next = this.text[this.pos];
        if (next === undefined) throw this.fail('escaped character');
        out += next;
        this.pos += 1;
      } else out += c;
    }
  }

  /** Characters up to (not including) any of `stops`. */
  protected until(stops: string): string {
    const start = this.pos;
    while (this.pos < this.text.length && !stops.includes(this.text[this.pos] ?? '')) this.pos += 1;
    return this.text.slice(start, this.pos);
  }

  /** `[not.]op.value`, the value read by `value` (whole rest, or up to a tree delimiter). */
  protected operation(column: string, inTree: boolean): Filter {
    let negated = false;
    if (this.peek('not.')) {
      negated = true;
      this.pos += 4;
    }
    const opStart = this.pos;
    const op = this.until('.');
    if (!OPS.has(op)) {
      this.pos = opStart;
      throw this.fail('an operator (eq, neq, gt, gte, lt, lte, like, ilike, is, in)');
    }
    this.expect('.');
    let value: string | string[];
    if (op === 'in') value = this.list();
    else if (inTree && this.peek('"')) value = this.quoted();
    else value = inTree ? this.until(',)') : this.until('');
    if (op === 'is' && !['null', 'true', 'false', 'unknown'].includes(value as string)) {
      throw this.fail('null, true, false or unknown');
    }
    if (op === 'like' || op === 'ilike') value = (value as string).replace(/\*/g, '%');
    return { kind: 'filter', column, op: op as FilterOp, value, negated };
  }

  /** `(a,"b,c",d)`: an `in` list. */
  private list(): string[] {
    this.expect('(');
    const items: string[] = [];
    if (this.peek(')')) {
      this.pos += 1;
      return items;
    }
    for (;;) {
      this.skipSpaces();
      items.push(this.peek('"') ? this.quoted() : this.until(',)').trim());
      this.skipSpaces();
      if (this.peek(')')) {
        this.pos += 1;
        return items;
      }
      this.expect(',');
    }
  }
}

/** A query-string filter: `column=[not.]op.value`. */
class FilterParser extends Scanner {
  constructor(text: string) {
    super(text, 'filter');
  }

  filter(column: string): Filter {
    const filter = this.operation(column, false);
    if (this.pos !== this.text.length) throw this.fail('end of input');
    return filter;
  }
}

/** The value of `or=`, `and=`, `not.or=`, `not.and=`: a parenthesised logic tree. */
class LogicParser extends Scanner {
  constructor(text: string) {
    super(text, 'logic tree');
  }

  tree(op: 'and' | 'or', negated: boolean): LogicGroup {
    const group = this.group(op, negated, 1);
    if (this.pos !== this.text.length) throw this.fail('end of input');
    return group;
  }

  private group(op: 'and' | 'or', negated: boolean, depth: number): LogicGroup {
    if (depth > MAX_LOGIC_DEPTH) throw this.fail(`at most ${MAX_LOGIC_DEPTH} nested groups`);
    this.expect('(');
    const items: Condition[] = [];
    for (;;) {
      this.skipSpaces();
      items.push(this.item(depth));
      this.skipSpaces();
      if (this.peek(')')) {
        this.pos += 1;
        return { kind: 'group', op, negated, items };
      }
      this.expect(',');
    }
  }

  private item(depth: number): Condition {
    for (const [prefix, op, negated] of [
      ['not.and(', 'and', true],
      ['not.or(', 'or', true],
      ['and(', 'and', false],
      ['or(', 'or', false],
    ] as const) {
      if (this.peek(prefix)) {
        this.pos += prefix.length - 1;
        return this.group(op, negated, depth + 1);
      }
    }
    const column = this.peek('"') ? this.quoted() : this.until('.,()').trim();
    if (column === '') throw this.fail('a column name, "and(" or "or("');
    this.expect('.');
    return this.operation(column, true);
  }
}
