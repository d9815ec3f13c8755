/**
 * The search of a SearchableList, built to keep typing smooth over 50k rows (issue 16):
 *
 * - a row's searchable text is made once (its `searchFields`, lower-cased) and kept with the row
 *   object, so a list read again keeps the texts of the rows it still holds, and a keystroke is
 *   one `includes` per row;
 * - a search that extends the last one (the user typing on) looks only at the rows the last one
 *   matched (`previous`);
 * - the rows are looked at in slices of SEARCH_SLICE_MS, each its own task: a key typed meanwhile
 *   is answered at once, and a search made stale by it is dropped;
 * - with nothing typed, the screen's filter alone is one pass in the render (no texts needed).
 */
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { matchesSearchText, searchText } from '../domain/search';
import { inNextTask } from '../utils/next-task';

export type SearchFields<T> = (item: T) => readonly (string | null | undefined)[];

/** What a search matched: the rows, their indexes in the list, and what it was asked. */
export interface SearchResult<T = unknown> {
  items: readonly T[];
  indexes: readonly number[];
  source: readonly unknown[];
  filter: unknown;
  needle: string;
}

/** How long one slice of a search may run before it lets the browser have the main thread. */
const SEARCH_SLICE_MS = 8;

/** Rows looked at between two looks at the clock. */
const ROWS_PER_CHECK = 256;

/**
 * One search, resumable: `step(until)` looks at rows until `performance.now()` passes `until`
 * (at least ROWS_PER_CHECK rows a step), and gives the result once every row was looked at.
 * When the list and filter are those of `previous` and the search contains its search, only the
 * rows `previous` matched are looked at: a text holding the longer search holds the shorter one.
 */
export function searchJob<T>(
  items: readonly T[],
  textOf: (index: number) => string,
  filter: ((item: T) => boolean) | undefined,
  search: string,
  previous: SearchResult | null,
): { step(until: number): SearchResult<T> | null } {
  const needle = search.trim().toLowerCase();
  const candidates =
    previous &&
    previous.source === items &&
    previous.filter === filter &&
    needle.includes(previous.needle)
      ? previous.indexes
      : null;
  const total = candidates ? candidates.length : items.length;
  const indexes: number[] = [];
  let next = 0;
  return {
    step(until) {
      while (next < total) {
        const end = Math.min(total, next + ROWS_PER_CHECK);
        for (; next < end; next += 1) {
          const i = candidates ? (candidates[next] as number) : next;
          const item = items[i] as T;
          if ((!filter || filter(item)) && (!needle || matchesSearchText(textOf(i), needle))) {
            indexes.push(i);
          }
        }
        if (next < total && performance.now() >= until) return null;
      }
      return {
        items: indexes.length === items.length ? items : indexes.map((i) => items[i] as T),
        indexes,
        source: items,
        filter,
        needle,
      };
    },
  };
}

/** The whole search at once (searchJob without slices). */
export function narrowSearch<T>(
  items: readonly T[],
  texts: readonly string[],
  filter: ((item: T) => boolean) | undefined,
  search: string,
  previous: SearchResult | null,
): SearchResult<T> {
  return searchJob(items, (i) => texts[i] ?? '', filter, search, previous).step(
    Infinity,
  ) as SearchResult<T>;
}

/** Each row's text, per searchFields function, kept as long as the row object lives. */
const texts = new WeakMap<SearchFields<never>, WeakMap<object, string>>();

function textOf<T>(fields: SearchFields<T>, item: T): string {
  if (typeof item !== 'object' || item === null) return searchText(fields(item));
  let byItem = texts.get(fields as SearchFields<never>);
  if (!byItem) {
    byItem = new WeakMap();
    texts.set(fields as SearchFields<never>, byItem);
  }
  let text = byItem.get(item);
  if (text === undefined) {
    text = searchText(fields(item));
    byItem.set(item, text);
  }
  return text;
}

/** The one empty answer (a new array each render would start the page again each render). */
const NONE: readonly never[] = [];

const same = (result: SearchResult | null, items: unknown, filter: unknown, needle: string) =>
  result !== null &&
  result.source === items &&
  result.filter === filter &&
  result.needle === needle;

/**
 * The rows of `items` that pass `filter` and match `search`; `settled` is false while the search
 * of what was typed last is still running (the last result is given meanwhile).
 */
export function useListSearch<T>(
  items: readonly T[] | undefined,
  searchFields: SearchFields<T>,
  filter: ((item: T) => boolean) | undefined,
  search: string,
): { items: readonly T[]; settled: boolean } {
  const needle = search.trim().toLowerCase();
  const last = useRef<SearchResult | null>(null);
  // Nothing typed: the filter alone, in the render (a comparison or two per row).
  const unsearched = useMemo(() => {
    if (!items || needle) return null;
    const result = searchJob(items, () => '', filter, '', null).step(Infinity) as SearchResult<T>;
    last.current = result;
    return result;
  }, [items, filter, needle]);
  const [searched, setSearched] = useState<SearchResult | null>(null);

  useEffect(() => {
    if (!items || !needle || same(last.current, items, filter, needle)) return;
    const job = searchJob(
      items,
      (i) => textOf(searchFields, items[i] as T),
      filter,
      needle,
      last.current,
    );
    let cancel = () => {};
    const run = () => {
      const result = job.step(performance.now() + SEARCH_SLICE_MS);
      if (!result) {
        cancel = inNextTask(run);
        return;
      }
      last.current = result;
      startTransition(() => setSearched(result));
    };
    run();
    return () => cancel();
  }, [items, searchFields, filter, needle]);

  if (unsearched) return { items: unsearched.items, settled: true };
  if (!items) return { items: NONE, settled: false };
  if (searched && same(searched, items, filter, needle)) {
    return { items: searched.items as readonly T[], settled: true };
  }
  return {
    items: (searched?.items ?? last.current?.items ?? NONE) as readonly T[],
    settled: false,
  };
}
