// Keyset pages as clients written for Supabase ask for them (RxDB's Supabase replication: every
// table by `order=updated_at.asc,id.asc&limit=N`, after its checkpoint by
// `or=(updated_at.gt.X,and(updated_at.eq.X,id.gt.Y))`). Promises: a page is read from the
// (updated_at, id) index, starting at the checkpoint and stopping after `limit` visible rows, and
// answers exactly the rows the query as written answers (tests/integration/rest-keyset-plan.test.ts
// holds both on PGlite and PostgreSQL). Hosted PostgREST sends the query as written.
import type { Condition, LogicGroup, ParsedQuery } from './rest-query';

/** `(first, second) > (after[0], after[1])`, or `>=` when the tie-breaker is inclusive. */
export interface KeysetAfter {
  columns: [string, string];
  after: [string, string];
  inclusive: boolean;
}

const plain = (c: Condition, op: string) =>
  c.kind === 'filter' && !c.negated && c.op === op && typeof c.value === 'string' ? c : undefined;

/**
 * The row comparison an OR group means when it is `a.gt.X,and(a.eq.X,b.gt.Y)` (branches and the
 * AND's items in either order; `b.gte.Y` for `>=`), or undefined. The two mean the same for every
 * row, nulls included (a row comparison stops at its first unequal pair, as the OR does), but
 * PostgreSQL takes only the row comparison as one index condition: the OR it reads as a BitmapOr
 * of every row after the checkpoint, sorted, or (bitmaps priced out) the index from its start.
 */
export function keysetAfter(group: LogicGroup): KeysetAfter | undefined {
  if (group.op !== 'or' || group.negated || group.items.length !== 2) return undefined;
  const tie = group.items.find((i) => i.kind === 'group');
  const later = group.items.find((i) => i !== tie);
  if (!tie || tie.kind !== 'group' || tie.op !== 'and' || tie.negated || !later) return undefined;
  if (tie.items.length !== 2) return undefined;
  const first = plain(later, 'gt');
  const same = tie.items.map((i) => plain(i, 'eq')).find(Boolean);
  const next = tie.items.map((i) => plain(i, 'gt') ?? plain(i, 'gte')).find(Boolean);
  if (!first || !same || !next) return undefined;
  if (same.column !== first.column || same.value !== first.value) return undefined;
  if (next.column === first.column) return undefined;
  return {
    columns: [first.column, next.column],
    after: [first.value as string, next.value as string],
    inclusive: next.op === 'gte',
  };
}

/**
 * A page in (updated_at, id) order and nothing else: that order, a limit, no offset, and no filter
 * but the keyset's. The server runs it with bitmap scans and explicit sorts priced out, as
 * public.sync_pull runs its own pages (migration 0017): under row level security the planner takes
 * the policies' filter (`(select current_user_role()) = 'ADMIN' or ...`) to pass about 1 % of the
 * rows, so it expects an index scan to read the whole table before it has `limit` rows and prefers
 * to read and sort every row after the checkpoint, on every page. Any other query is planned as is.
 */
export function isKeysetPage(parsed: ParsedQuery): boolean {
  const [first, second, ...more] = parsed.order;
  return (
    first?.column === 'updated_at' &&
    first.ascending &&
    second?.column === 'id' &&
    second.ascending &&
    more.length === 0 &&
    parsed.limit !== undefined &&
    parsed.offset === undefined &&
    parsed.filters.every((f) => {
      const keyset = f.kind === 'group' ? keysetAfter(f) : undefined;
      return keyset?.columns[0] === 'updated_at' && keyset.columns[1] === 'id';
    }) &&
    parsed.filters.length <= 1
  );
}
