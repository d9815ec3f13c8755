/**
 * The one way a big list of the admin's and vendor's screens is read (issue 16: 50k tickets,
 * 20k service requests, 10k chairs): the rows of its first page first, then all of them, a
 * thousand at a time.
 *
 * - The first FIRST_ROWS rows, newest first, come from the createdAt index with the users, chairs
 *   and parts they name (a few dozen `get`s), and are given to the screen at once: the list shows
 *   its first page however big the table is.
 * - Then every row, newest first, READ_STEP per read (keyset on the createdAt index), and the
 *   users, chairs and parts tables the rows name, READ_STEP per read too: a read's rows are made
 *   into objects on the main thread in one task (~20 µs a row), so no task holds the page for
 *   long and a key typed meanwhile is answered.
 *
 * The rows are in the order of the createdAt index, newest first (rows created at the same
 * instant by descending id); nothing is sorted afterwards. An item that shows what it showed
 * before is given as the same object (its card is not drawn again, its search text is kept).
 */
import { Dexie, type Collection, type InsertType, type Table } from 'dexie';
import type { Chair, Part, User } from '../../domain/entities';
import { LIST_PAGE_SIZE } from '../../domain/list-page';
import type { ChairsideDatabase } from '../db';
import type { SharedRead } from './shared-mirror';

/** A list as a screen gets it: its rows so far, and whether they are all of them. */
export interface LoadedList<T> {
  rows: readonly T[];
  /** False while only the first page is read: a search, a filter or a count waits for the rest. */
  complete: boolean;
}

/** The rows read first: a list's first page, as the kit shows it. */
export const FIRST_ROWS = LIST_PAGE_SIZE;

/** Rows per read once the first page is shown (one short task each). */
export const READ_STEP = 1000;

/** The users, chairs and parts a list's rows name, by id. */
export interface Lookups {
  user(id: string | null | undefined): User | null;
  chair(id: string | null | undefined): Chair | null;
  part(id: string | null | undefined): Part | null;
}

/** The ids a row names, to read only those for the first page. */
export interface Refs {
  users?: readonly (string | null | undefined)[];
  chairs?: readonly (string | null | undefined)[];
  parts?: readonly (string | null | undefined)[];
}

type Dated = { id: string; createdAt: string; updatedAt: string };

/** How a list is read: its table, the rows it keeps, what each names and shows. */
export interface ListSpec<R extends Dated, I> {
  table: (db: ChairsideDatabase) => Table<R, string, InsertType<R, 'id'>>;
  /** Rows left out (a deleted one). */
  keep?: (row: R) => boolean;
  /** The tables the rows name (read whole for the whole list). */
  lookups: readonly ('users' | 'chairs' | 'parts')[];
  /** The ids a row names (read by id for the first page). */
  refs: (row: R) => Refs;
  join: (row: R, find: Lookups) => I;
  /** The item's own row (its ticket, request, chair). */
  row: (item: I) => R;
}

/**
 * Every row of `table` in id order, `step` per read, each read's rows given to `onPage` in that
 * read's own task: a read's rows are made into objects in one task (~20 µs a row), so a whole
 * table is never one long task.
 */
export async function readInSteps<R extends { id: string }, N>(
  table: Table<R, string, N>,
  step: number,
  onPage: (rows: R[]) => void,
): Promise<void> {
  let last: string | undefined;
  for (;;) {
    const page = await (last ? table.where(':id').above(last) : table.toCollection())
      .limit(step)
      .toArray();
    onPage(page);
    last = page[page.length - 1]?.id;
    if (page.length < step) return;
  }
}

/** Every row of `table`, READ_STEP at a time by id. */
async function readAll<R extends { id: string }, N>(table: Table<R, string, N>): Promise<R[]> {
  const rows: R[] = [];
  await readInSteps(table, READ_STEP, (page) => rows.push(...page));
  return rows;
}

/**
 * Every row of `table` newest first, READ_STEP per read, each read's rows given to `onPage` (in
 * the read's own task): each read takes the rows created at or before the last one read, and
 * drops those already read (rows created at the same instant).
 */
async function readNewestFirst<R extends Dated, N>(
  table: Table<R, string, N>,
  onPage: (rows: R[]) => void,
): Promise<void> {
  let last: string | null = null;
  // The ids read so far that were created at `last` (a later read starts at that instant again).
  let tied = new Set<string>();
  for (;;) {
    const limit = READ_STEP + tied.size;
    const range: Collection<R, string, N> =
      last === null
        ? table.orderBy('createdAt')
        : table.where('createdAt').between(Dexie.minKey, last, true, true);
    const page: R[] = await range.reverse().limit(limit).toArray();
    const fresh: R[] = page.filter((row) => !tied.has(row.id));
    onPage(fresh);
    if (page.length < limit) return;
    const oldest: string = (fresh[fresh.length - 1] as R).createdAt;
    if (oldest !== last) tied = new Set();
    for (let i = fresh.length - 1; i >= 0 && fresh[i]?.createdAt === oldest; i -= 1) {
      tied.add((fresh[i] as R).id);
    }
    last = oldest;
  }
}

const ids = (values: readonly (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => Boolean(v))),
];

function lookups(users: User[], chairs: Chair[], parts: Part[]): Lookups {
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  const [u, c, p] = [byId(users), byId(chairs), byId(parts)];
  return {
    user: (id) => (id && u.get(id)) || null,
    chair: (id) => (id && c.get(id)) || null,
    part: (id) => (id && p.get(id)) || null,
  };
}

/** The users, chairs and parts `rows` name, read by id. */
async function lookupsOf<R>(db: ChairsideDatabase, rows: R[], refs: (row: R) => Refs) {
  const named = rows.map(refs);
  const of = (pick: (r: Refs) => Refs['users']) => ids(named.flatMap((r) => pick(r) ?? []));
  const present = <T>(found: (T | undefined)[]) =>
    found.filter((row): row is T => row !== undefined);
  const [users, chairs, parts] = await Promise.all([
    db.users.bulkGet(of((r) => r.users)),
    db.chairs.bulkGet(of((r) => r.chairs)),
    db.parts.bulkGet(of((r) => r.parts)),
  ]);
  return lookups(present(users), present(chairs), present(parts));
}

/** Every user, chair and part, as the list needs them (whole tables: its rows name most). */
async function allLookups(db: ChairsideDatabase, needs: ListSpec<Dated, unknown>['lookups']) {
  const [users, chairs, parts] = await Promise.all([
    needs.includes('users') ? readAll(db.users) : [],
    needs.includes('chairs') ? readAll(db.chairs) : [],
    needs.includes('parts') ? readAll(db.parts) : [],
  ]);
  return lookups(users, chairs, parts);
}

/**
 * True when two joined items hold the same data (plain values, compared all the way down). Not by
 * `updatedAt`: a change made on this device keeps the server's stamp until it is pushed.
 */
function sameItem(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!sameItem((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) {
      return false;
    }
  }
  return true;
}

/**
 * The list `spec` describes, newest first: on a first read its first page to `progress` as soon
 * as it is read, then every row (the value returned). An item that shows the same as one given
 * before (the first page, or the `previous` whole list) is that same object: its memoised card is
 * not drawn again and its search text is kept.
 */
export async function loadList<R extends Dated, I>(
  db: ChairsideDatabase,
  spec: ListSpec<R, I>,
  { progress, previous }: SharedRead<LoadedList<I>> = {},
): Promise<LoadedList<I>> {
  const table = spec.table(db);
  const keep = spec.keep ?? (() => true);
  const before = new Map<string, I>();
  for (const item of previous?.rows ?? []) before.set(spec.row(item).id, item);
  if (progress) {
    // A row left out (deleted) leaves the first page a row short, until the rest is read.
    const first = (await table.orderBy('createdAt').reverse().limit(FIRST_ROWS).toArray()).filter(
      keep,
    );
    const find = await lookupsOf(db, first, spec.refs);
    const page = first.map((row) => spec.join(row, find));
    for (const item of page) before.set(spec.row(item).id, item);
    progress({ rows: page, complete: false });
  }
  const find = await allLookups(db, spec.lookups);
  const rows: I[] = [];
  // Each read's rows are joined in that read's task: no task joins the whole list.
  await readNewestFirst(table, (page) => {
    for (const row of page) {
      if (!keep(row)) continue;
      const item = spec.join(row, find);
      const kept = before.get(row.id);
      rows.push(kept !== undefined && sameItem(kept, item) ? kept : item);
    }
  });
  return { rows, complete: true };
}
