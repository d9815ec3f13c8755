/**
 * The one searchable list frame: a search box (and the screen's filters beside it), the rows of
 * the first page with 'Show more', 'No ... found' when nothing matches, and a loading state while
 * the rows are `undefined`. Built to stay fast on the generated data set (50k tickets):
 *
 * - a big list comes in two parts (src/data/queries/list-read.ts): its first page at once, then
 *   every row (`complete`); the first page is shown meanwhile, and a search or filter typed
 *   before the rest is in shows what it found so far, busy, never 'No ... found';
 * - the search runs in slices that yield to the browser (list-search.ts): the box answers every
 *   key at once, and the list follows, dimmed until it has caught up;
 * - the rows are a memoised component, so the keystroke's own render never touches them, and each
 *   row is memoised too, so a row still shown after the search changed is not rendered again;
 *   only the first page (`useShowMore`) is rendered, and it is mounted a screenful
 *   (`ROW_CHUNK` rows) per task.
 *
 * The search state lives here; the screen passes `filter` (memoised: a new function is a new
 * filter) for its status and priority selects, which it renders in `controls`.
 *
 * Its Export CSV is on from the list's first read and stays on while the list searches again (a
 * sync's write searches it again): a click waits for the search to settle (`useSettledRows`).
 */
import { Box, Flex, SimpleGrid, Stack, Text, type SimpleGridProps } from '@chakra-ui/react';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ListEmptyState } from './empty-state';
import { ExportCsvButton, type CsvExport } from './export-csv-button';
import { useListSearch, type SearchFields } from './list-search';
import { LoadingState } from './loading-state';
import { SearchField } from './search-field';
import { ShowMoreButton, useShowMore } from './show-more';

export { narrowSearch, type SearchFields, type SearchResult } from './list-search';

export interface SearchableListProps<T> {
  /** The rows; `undefined` while the mirror loads. */
  items: readonly T[] | undefined;
  /**
   * False while `items` is only the first part of the list (its newest rows; the rest is being
   * read): 'Show more' and 'No ... found' wait for the rest. True when not given.
   */
  complete?: boolean;
  loadingLabel: string;
  /** The search box's accessible name, e.g. 'Search users'. */
  searchLabel: string;
  searchPlaceholder: string;
  /** The fields a search matches; a module-level function (the texts are kept per row). */
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
  /** 'Export CSV' of every row the search and filters match, with these columns. */
  csv?: CsvExport<T>;
}

export function SearchableList<T>({
  items,
  complete = true,
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
  csv,
}: SearchableListProps<T>) {
  const [search, setSearch] = useState('');
  const found = useListSearch(items, searchFields, filter, search);
  const page = useShowMore(found.items);
  // Settled: what is shown is the answer to what was typed, over every row.
  const settled = found.settled && complete;
  const settledRows = useSettledRows(found.items, settled);

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
      {controls || csv ? (
        <Flex gap="3" wrap="wrap">
          {field}
          {controls}
          {csv ? (
            // At the row's end, so it sits in one place on every list, wrapped or not.
            <Box ms="auto">
              <ExportCsvButton
                settledRows={settledRows}
                csv={csv}
                disabled={items === undefined}
              />
            </Box>
          ) : null}
        </Flex>
      ) : (
        field
      )}
      {items === undefined || (found.items.length === 0 && !settled) ? (
        <LoadingState label={loadingLabel} />
      ) : found.items.length === 0 ? (
        <ListEmptyState
          icon={empty.icon}
          title={empty.title}
          description={items.length ? empty.noMatch : empty.none}
        />
      ) : (
        <Box opacity={found.settled ? 1 : 0.6} transition="opacity 0.15s" aria-busy={!settled}>
          <ListRows
            rows={page.shown}
            label={listLabel}
            itemKey={itemKey}
            renderItem={renderItem}
            columns={columns}
          />
        </Box>
      )}
      {complete ? (
        <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
      ) : found.items.length > 0 ? (
        <Text fontSize="sm" color="fg.muted" textAlign="center" py="2">
          {loadingLabel}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A getter of the rows the list shows once it has settled: at once when it has, else when the
 * search running now (or the read of the rest of a big list) is over. What was committed counts,
 * kept by a layout effect, so a click just after a sync's new rows are drawn, before their search
 * is over, waits for that search instead of taking the rows from before. The getter is one
 * function for the list's life.
 */
function useSettledRows<T>(rows: readonly T[], settled: boolean): () => Promise<readonly T[]> {
  const shown = useRef({ rows, settled });
  const waiting = useRef<((rows: readonly T[]) => void)[]>([]);
  useLayoutEffect(() => {
    shown.current = { rows, settled };
    if (settled) for (const resolve of waiting.current.splice(0)) resolve(rows);
  }, [rows, settled]);
  return useCallback(
    () =>
      shown.current.settled
        ? Promise.resolve(shown.current.rows)
        : new Promise<readonly T[]>((resolve) => waiting.current.push(resolve)),
    [],
  );
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
