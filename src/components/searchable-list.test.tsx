import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchesSearch, searchText } from '../domain/search';
import { captureDownloads, csvLines } from '../testing/downloads';
import { EditDeleteButtons, useDeleteConfirmation } from './delete-confirmation';
import { FormDialog } from './form-dialog';
import { searchJob } from './list-search';
import type { CsvExport } from './export-csv-button';
import { ROW_CHUNK, SearchableList, narrowSearch, type SearchResult } from './searchable-list';

const show = (ui: ReactNode) => render(<ChakraProvider value={defaultSystem}>{ui}</ChakraProvider>);

interface Row {
  id: string;
  name: string;
}
const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: i % 2 ? `Pump ${i}` : `Seat ${i}` }));
const fields = (row: Row) => [row.name];
const key = (row: Row) => row.id;
const renderRow = (row: Row) => <span>{row.name}</span>;

function List({
  items,
  filter,
  complete,
  csv,
}: {
  items: Row[] | undefined;
  filter?: (row: Row) => boolean;
  complete?: boolean;
  csv?: CsvExport<Row>;
}) {
  return (
    <SearchableList
      items={items}
      complete={complete}
      csv={csv}
      loadingLabel="Loading rows…"
      searchLabel="Search rows"
      searchPlaceholder="Search..."
      searchFields={fields}
      filter={filter}
      listLabel="Rows"
      itemKey={key}
      renderItem={renderRow}
      empty={{ icon: null, title: 'No rows found', noMatch: 'Nothing matches.', none: 'None yet.' }}
    />
  );
}

/** Runs the chunked mounting's tasks (fake timers), a chunk each, until none is left. */
const mountTheRest = () => {
  for (let i = 0; i < 50 && vi.getTimerCount() > 0; i += 1) {
    act(() => void vi.runOnlyPendingTimers());
  }
};

const items = () => within(screen.getByRole('list', { name: 'Rows' })).queryAllByRole('listitem');

describe('SearchableList', () => {
  it('loads, then says which empty it is', () => {
    const view = show(<List items={undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading rows…');
    view.rerender(
      <ChakraProvider value={defaultSystem}>
        <List items={[]} />
      </ChakraProvider>,
    );
    expect(screen.getByText('No rows found')).toBeInTheDocument();
    expect(screen.getByText('None yet.')).toBeInTheDocument();
  });

  it('mounts a screenful first, then the rest of the page of 50, and Show more adds to it', () => {
    vi.useFakeTimers();
    try {
      show(<List items={rows(120)} />);
      expect(items().length).toBe(ROW_CHUNK);
      // The next chunk is the next task's: one more screenful, not the rest.
      act(() => void vi.advanceTimersToNextTimer());
      expect(items().length).toBe(2 * ROW_CHUNK);
      mountTheRest();
      expect(items()).toHaveLength(50);
      expect(screen.getByText('Showing 50 of 120')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
      // What was mounted stays mounted: the next rows are added after it.
      expect(items().length).toBeGreaterThanOrEqual(50);
      mountTheRest();
      expect(items()).toHaveLength(100);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the mounted rows when the same rows come again refreshed (a sync), not when others do', () => {
    vi.useFakeTimers();
    try {
      const view = show(<List items={rows(120)} />);
      mountTheRest();
      expect(items()).toHaveLength(50);
      const refreshed = rows(120).map((row) => ({ ...row, name: `${row.name}!` }));
      view.rerender(
        <ChakraProvider value={defaultSystem}>
          <List items={refreshed} />
        </ChakraProvider>,
      );
      expect(items()).toHaveLength(50);
      expect(items()[49]).toHaveTextContent('Pump 49!');
      // Other rows first (a new order): a new page, mounted a screenful first again.
      view.rerender(
        <ChakraProvider value={defaultSystem}>
          <List items={[...refreshed].reverse()} />
        </ChakraProvider>,
      );
      expect(items()).toHaveLength(ROW_CHUNK);
      mountTheRest();
      expect(items()).toHaveLength(50);
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by the search and the screen filter; nothing matching says so', async () => {
    const user = userEvent.setup();
    show(<List items={rows(6)} filter={(row) => row.id !== 'r1'} />);
    expect(items().map((li) => li.textContent)).toEqual([
      'Seat 0',
      'Seat 2',
      'Pump 3',
      'Seat 4',
      'Pump 5',
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Search rows' }), 'PUMP');
    expect(items().map((li) => li.textContent)).toEqual(['Pump 3', 'Pump 5']);
    await user.type(screen.getByRole('searchbox', { name: 'Search rows' }), ' 9');
    expect(screen.getByText('No rows found')).toBeInTheDocument();
    expect(screen.getByText('Nothing matches.')).toBeInTheDocument();
  });
});

describe('SearchableList with the first part of a big list', () => {
  it('shows the first rows at once; Show more and No ... found wait for the rest', async () => {
    const user = userEvent.setup();
    const view = show(<List items={rows(50)} complete={false} />);
    expect(items().length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByText('Loading rows…')).toBeInTheDocument();
    // A search before the rest is in: not 'No rows found' (the rest may hold a match).
    await user.type(screen.getByRole('searchbox', { name: 'Search rows' }), 'pump 777');
    expect(screen.queryByText('No rows found')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading rows…');
    // The rest arrives: the search answers over every row.
    view.rerender(
      <ChakraProvider value={defaultSystem}>
        <List items={rows(1000)} complete />
      </ChakraProvider>,
    );
    expect(await screen.findByText('Pump 777')).toBeInTheDocument();
    expect(items()).toHaveLength(1);
  });
});

describe('SearchableList Export CSV', () => {
  const csv: CsvExport<Row> = { name: 'rows', columns: [{ header: 'Name', value: (r) => r.name }] };
  const again = (ui: ReactNode) => <ChakraProvider value={defaultSystem}>{ui}</ChakraProvider>;
  const exportButton = () => screen.getByRole('button', { name: 'Export CSV' });
  /** The rows' frame, busy while the list's search runs. */
  const rowsFrame = () => screen.getByRole('list', { name: 'Rows' }).closest('[aria-busy]');
  /** A sync's write: the same rows and a new one at the top, so the list searches again. */
  const afterSync = () => [{ id: 'new', name: 'Pump from the sync' }, ...rows(2000)];

  afterEach(() => vi.restoreAllMocks());

  /** The list of 2000 rows searched for 'pump', the search over. */
  async function searchedForPump() {
    const user = userEvent.setup();
    const view = show(<List items={rows(2000)} csv={csv} />);
    expect(exportButton()).toBeEnabled();
    await user.type(screen.getByRole('searchbox', { name: 'Search rows' }), 'pump');
    await waitFor(() => expect(rowsFrame()).toHaveAttribute('aria-busy', 'false'));
    return view;
  }

  /**
   * A sync's write arrives, and the list's search of it is left running: the clock moves on at
   * every look, so each slice of the search looks at one batch of rows and leaves the rest to a
   * task of its own, which no synchronous step of the test lets run.
   */
  function syncWrites(view: ReturnType<typeof show>) {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 100));
    view.rerender(again(<List items={afterSync()} csv={csv} />));
    expect(rowsFrame()).toHaveAttribute('aria-busy', 'true');
  }

  it('is off until the list is first read', () => {
    const view = show(<List items={undefined} csv={csv} />);
    expect(exportButton()).toBeDisabled();
    view.rerender(again(<List items={rows(3)} csv={csv} />));
    expect(exportButton()).toBeEnabled();
  });

  it("stays on while a sync's write has the list search again", async () => {
    const view = await searchedForPump();
    syncWrites(view);
    expect(exportButton()).toBeEnabled();
  });

  it("a click while a sync's write has the list search again exports that search's rows", async () => {
    const downloads = captureDownloads();
    const view = await searchedForPump();
    syncWrites(view);
    const button = exportButton();
    fireEvent.click(button);
    // Taken, and spinning until the search is over.
    expect(button).toHaveAttribute('data-loading');
    await waitFor(() => expect(downloads).toHaveLength(1));
    const lines = await csvLines(downloads[0]);
    // The new row and the 1000 pumps: the rows of the search after the write, not before it.
    expect(lines).toHaveLength(1 + 1001);
    expect(lines.slice(0, 3)).toEqual(['Name', 'Pump from the sync', 'Pump 1']);
    expect(rowsFrame()).toHaveAttribute('aria-busy', 'false');
    expect(items()[0]).toHaveTextContent('Pump from the sync');
  });

  it('a click while the rest of a big list is read exports every row once it is in', async () => {
    const downloads = captureDownloads();
    const view = show(<List items={rows(50)} complete={false} csv={csv} />);
    fireEvent.click(exportButton());
    view.rerender(again(<List items={rows(1000)} complete csv={csv} />));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(await csvLines(downloads[0])).toHaveLength(1 + 1000);
  });
});

describe('searchJob', () => {
  it('looks at the rows in slices when the time runs out, and gives what narrowSearch gives', () => {
    const list = rows(1000);
    const texts = list.map((row) => searchText([row.name]));
    let steps = 0;
    const job = searchJob(list, (i) => texts[i] ?? '', undefined, 'pump 1', null);
    let result: SearchResult<Row> | null = null;
    // A deadline already past: each step looks at one batch of rows, then yields.
    while (!result) {
      steps += 1;
      result = job.step(0);
    }
    expect(steps).toBeGreaterThan(1);
    expect(result.items).toEqual(narrowSearch(list, texts, undefined, 'pump 1', null).items);
    // With time to spare, one step does it all.
    expect(
      searchJob(list, (i) => texts[i] ?? '', undefined, 'pump', null).step(Infinity),
    ).not.toBeNull();
  });
});

describe('narrowSearch', () => {
  // Rows of up to three fields (some missing) over a small alphabet, so searches often match;
  // then a user's session: searches typed on, cut back, replaced, and filters changed.
  const field = fc.option(fc.stringMatching(/^[aAbB c\n]{0,6}$/), { nil: null });
  const search = fc.stringMatching(/^[aAbB c]{0,4}$/);
  const step = fc.record({ search, filter: fc.constantFrom('all', 'even', 'odd') });
  const filters = {
    all: undefined,
    even: (row: { n: number }) => row.n % 2 === 0,
    odd: (row: { n: number }) => row.n % 2 === 1,
  };

  it('gives what the plain rule gives (matchesSearch on every row) after any run of searches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { maxLength: 3 }), { maxLength: 40 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        (rowFields, steps) => {
          const rows = rowFields.map((fields, n) => ({ n, fields }));
          const texts = rows.map((row) => searchText(row.fields));
          let previous: SearchResult | null = null;
          for (const { search: typed, filter: name } of steps) {
            // Typing on from the last search is the case that narrows; make it common.
            const text: string =
              previous && typed.length % 2 === 0 ? `${previous.needle}${typed}` : typed;
            const filter = filters[name];
            const result: SearchResult = narrowSearch(rows, texts, filter, text, previous);
            const plain = rows.filter(
              (row) => (!filter || filter(row)) && matchesSearch(text, row.fields),
            );
            expect(result.items).toEqual(plain);
            previous = result;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('looks only at what the last search matched when the user types on', () => {
    const rows = rows100();
    const texts = rows.map((row) => searchText([row.name]));
    const seen: string[] = [];
    const filter = (row: Row) => {
      seen.push(row.id);
      return true;
    };
    const first = narrowSearch(rows, texts, filter, 'pump', null);
    expect(seen).toHaveLength(100);
    seen.length = 0;
    const next = narrowSearch(rows, texts, filter, 'pump 1', first);
    expect(seen).toHaveLength(50);
    expect(next.items.map((row) => row.name)).toEqual(
      rows.filter((row) => row.name.startsWith('Pump 1')).map((row) => row.name),
    );
    // Another filter, or a search that does not extend the last, looks at every row again.
    seen.length = 0;
    narrowSearch(rows, texts, (row) => filter(row), 'pump 1', next);
    expect(seen).toHaveLength(100);
    seen.length = 0;
    narrowSearch(rows, texts, filter, 'seat', next);
    expect(seen).toHaveLength(100);
  });
});

const rows100 = () => rows(100);

function Deletable({ remove }: { remove: (row: Row) => Promise<boolean> }) {
  const deletion = useDeleteConfirmation<Row>({
    title: 'Delete row',
    nameOf: (row) => row.name,
    remove,
    busy: false,
  });
  const row = { id: 'a', name: 'Pump 1' };
  return (
    <>
      <EditDeleteButtons name={row.name} onEdit={() => {}} onDelete={() => deletion.ask(row)} />
      {deletion.dialog}
    </>
  );
}

describe('delete confirmation and form dialog', () => {
  it("asks 'Delete {name}? This cannot be undone.' and deletes only when confirmed", async () => {
    const user = userEvent.setup();
    const remove = vi.fn(async () => true);
    show(<Deletable remove={remove} />);
    await user.click(screen.getByRole('button', { name: 'Delete Pump 1' }));
    expect(await screen.findByText('Delete Pump 1? This cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Pump 1' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith({ id: 'a', name: 'Pump 1' });
  });

  it('submits its form from the footer button and cancels without submitting', async () => {
    const user = userEvent.setup();
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const close = vi.fn();
    show(
      <FormDialog
        title="Add Row"
        onClose={close}
        formId="row-form"
        formLabel="Row"
        submitLabel="Add Row"
        submitting={false}
        onSubmit={submit}
      >
        <input aria-label="Name" />
      </FormDialog>,
    );
    expect(await screen.findByRole('form', { name: 'Row' })).toHaveAttribute('novalidate');
    await user.click(screen.getByRole('button', { name: 'Add Row' }));
    expect(submit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenCalled();
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
