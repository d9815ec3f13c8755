/**
 * The one searchable list frame: a search box (and the screen's filters beside it), the rows of
 * the first page with 'Show more', 'No ... found' when nothing matches, and a loading state while
 * the rows are `undefined`. Built to stay fast on the generated data set (50k tickets):
 *
 * - each row's searchable text is computed once per list (`searchFields`, a module-level
 *   function), so a keystroke is one `includes` per row, and a search that extends the last one
 *   (the user typing on) looks only at the rows the last one matched (`narrowSearch`);
 * - the search is deferred (`useDeferredValue`): the box answers the key at once and the list
 *   follows in an interruptible render, dimmed until it has caught up;
 * - the rows are a memoised component, so the keystroke's own render never touches them, and each
 *   row is memoised too, so a row still shown after the search changed is not rendered again;
 *   only the first page (`useShowMore`) is rendered, and it is mounted a screenful
 *   (`ROW_CHUNK` rows) per task.
 *
 * The search state lives here; the screen passes `filter` (memoised: a new function is a new
 * filter) for its status and priority selects, which it renders in `controls`.
 */
import { Box, Flex, SimpleGrid, Stack, type SimpleGridProps } from '@chakra-ui/react';
import {
  memo,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { matchesSearchText, searchText } from '../domain/search';
import { ListEmptyState } from './empty-state';
import { LoadingState } from './loading-state';
import { SearchField } from './search-field';
import { ShowMoreButton, useShowMore } from './show-more';

export type SearchFields<T> = (item: T) => readonly (string | null | undefined)[];

export interface SearchableListProps<T> {
  /** The rows; `undefined` while the mirror loads. */
  items: readonly T[] | undefined;
  loadingLabel: string;
  /** The search box's accessible name, e.g. 'Search users'. */
  searchLabel: string;
  searchPlaceholder: string;
  /** The fields a search matches; a module-level function (the texts are kept per list). */
  searchFields: SearchFields<T>;
  /** The screen's filters (status, priority): memoise it, a new function re-filters. */
  filter?: (item: T) => boolean;
  /** Filter selects shown beside the search box. */
  controls?: ReactNode;
  /** The list's accessible name, e.g. 'Users'. */
  listLabel: string;
  itemKey: (item: T) => string;
  /** One row; memoise it (useCallback) when it closes over the screen's state. */
  renderItem: (item: T) => ReactNode;
  /** 'No users found' and what to say when the list is empty or nothing matches. */
  empty: { icon: ReactNode; title: string; noMatch: string; none: string };
  /** Cards in a grid instead of one column. */
  columns?: SimpleGridProps['columns'];
}

export function SearchableList<T>({
  items,
  loadingLabel,
  searchLabel,
  searchPlaceholder,
  searchFields,
  filter,
  controls,
  listLabel,
  itemKey,
  renderItem,
  empty,
  columns,
}: SearchableListProps<T>) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const texts = useMemo(
    () => (items ?? []).map((item) => searchText(searchFields(item))),
    [items, searchFields],
  );
  const last = useRef<SearchResult | null>(null);
  const filtered = useMemo(() => {
    const result = narrowSearch(items ?? [], texts, filter, deferred, last.current);
    last.current = result;
    return result.items;
  }, [items, texts, filter, deferred]);
  const page = useShowMore(filtered);

  const field = (
    <SearchField
      label={searchLabel}
      value={search}
      onChange={setSearch}
      placeholder={searchPlaceholder}
    />
  );
  return (
    <Stack gap="5">
      {controls ? (
        <Flex gap="3" wrap="wrap">
          {field}
          {controls}
        </Flex>
      ) : (
        field
      )}
      {items === undefined ? (
        <LoadingState label={loadingLabel} />
      ) : filtered.length === 0 ? (
        <ListEmptyState
          icon={empty.icon}
          title={empty.title}
          description={items.length ? empty.noMatch : empty.none}
        />
      ) : (
        <Box
          opacity={deferred === search ? 1 : 0.6}
          transition="opacity 0.15s"
          aria-busy={deferred !== search}
        >
          <ListRows
            rows={page.shown}
            label={listLabel}
            itemKey={itemKey}
            renderItem={renderItem}
            columns={columns}
          />
        </Box>
      )}
      <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
    </Stack>
  );
}

/** What a search matched: the rows, their indexes in the list, and what it was asked. */
export interface SearchResult<T = unknown> {
  items: readonly T[];
  indexes: readonly number[];
  source: readonly unknown[];
  filter: unknown;
  needle: string;
}

/**
 * The rows that pass `filter` and whose text matches `search` (`matchesSearchText`), in list
 * order. When the list and filter are those of `previous` and the search contains its search
 * (the user typed on), only the rows `previous` matched are looked at: a text holding the longer
 * search holds the shorter one, so the answer is the same and a keystroke costs what is left.
 */
export function narrowSearch<T>(
  items: readonly T[],
  texts: readonly string[],
  filter: ((item: T) => boolean) | undefined,
  search: string,
  previous: SearchResult | null,
): SearchResult<T> {
  const needle = search.trim().toLowerCase();
  const candidates =
    previous &&
    previous.source === items &&
    previous.filter === filter &&
    needle.includes(previous.needle)
      ? previous.indexes
      : null;
  const indexes: number[] = [];
  const test = (i: number) => {
    const item = items[i] as T;
    if ((!filter || filter(item)) && matchesSearchText(texts[i] ?? '', needle)) indexes.push(i);
  };
  if (candidates) for (const i of candidates) test(i);
  else for (let i = 0; i < items.length; i += 1) test(i);
  return {
    items: indexes.length === items.length ? items : indexes.map((i) => items[i] as T),
    indexes,
    source: items,
    filter,
    needle,
  };
}

export interface ListRowsProps<T> {
  rows: readonly T[];
  /** The list's accessible name. */
  label: string;
  itemKey: (item: T) => string;
  /** Each row's accessible name (on its list item), e.g. 'Chair S30-23-00412'. */
  itemLabel?: (item: T) => string;
  /** One row; memoise it (useCallback): a new function draws every row again. */
  renderItem: (item: T) => ReactNode;
  columns?: SimpleGridProps['columns'];
}

/**
 * Rows mounted at once; the rest of the page follows in chunks of this size, a task each. Six
 * cards fill a desktop screen below a screen's heading and counters (four at 1440×900), and a
 * card's DOM and styles are most of a keystroke's cost.
 */
export const ROW_CHUNK = 6;

/**
 * The page's rows, mounted a chunk at a time: a keystroke's commit is the first screen's cards,
 * not fifty (a card's DOM and styles are most of a keystroke's cost). A page that begins with the
 * rows already mounted ('Show more', or the same rows refreshed by a sync) keeps them; any other
 * page (a new search or filter) starts again.
 */
function useChunked<T>(rows: readonly T[], itemKey: (item: T) => string): readonly T[] {
  const [state, setState] = useState({ rows, count: ROW_CHUNK });
  let count = state.count;
  if (state.rows !== rows) {
    const mounted = Math.min(state.count, state.rows.length);
    const keeps =
      rows.length >= mounted &&
      state.rows
        .slice(0, mounted)
        .every((row, i) => rows[i] !== undefined && itemKey(rows[i]) === itemKey(row));
    count = keeps ? state.count : ROW_CHUNK;
    setState({ rows, count });
  }
  useEffect(() => {
    if (count >= rows.length) return;
    const timer = setTimeout(() =>
      startTransition(() => setState({ rows, count: count + ROW_CHUNK })),
    );
    return () => clearTimeout(timer);
  }, [rows, count]);
  return count >= rows.length ? rows : rows.slice(0, count);
}

function RowsList<T>({ rows, label, itemKey, itemLabel, renderItem, columns }: ListRowsProps<T>) {
  const mounted = useChunked(rows, itemKey);
  const children = mounted.map((item) => (
    <li key={itemKey(item)} aria-label={itemLabel?.(item)}>
      <Row item={item} renderItem={renderItem} />
    </li>
  ));
  return columns ? (
    <SimpleGrid as="ul" columns={columns} gap="4" aria-label={label} listStyleType="none">
      {children}
    </SimpleGrid>
  ) : (
    <Stack as="ul" gap="3" aria-label={label} listStyleType="none">
      {children}
    </Stack>
  );
}

/** One row, memoised: a row the new search still shows keeps what it rendered. */
const Row = memo(function Row<T>({
  item,
  renderItem,
}: {
  item: T;
  renderItem: (item: T) => ReactNode;
}) {
  return renderItem(item);
}) as <T>(props: { item: T; renderItem: (item: T) => ReactNode }) => ReactNode;

/**
 * The rows of a list's page, memoised and mounted a screenful per task (see `useChunked`): the
 * keystroke's urgent render passes the same page and skips every row. SearchableList draws its
 * rows with it; a screen with its own search (Equipment Search) draws its results with it too.
 */
export const ListRows = memo(RowsList) as typeof RowsList;
