import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EditDeleteButtons, useDeleteConfirmation } from './delete-confirmation';
import { FormDialog } from './form-dialog';
import { ROW_CHUNK, SearchableList } from './searchable-list';

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

function List({ items, filter }: { items: Row[] | undefined; filter?: (row: Row) => boolean }) {
  return (
    <SearchableList
      items={items}
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

const items = () => within(screen.getByRole('list', { name: 'Rows' })).queryAllByRole('listitem');

describe('SearchableList', { timeout: 30_000 }, () => {
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

  it('mounts a screenful first, then the rest of the page of 50, and Show more adds to it', async () => {
    const user = userEvent.setup();
    show(<List items={rows(120)} />);
    expect(items().length).toBe(ROW_CHUNK);
    await waitFor(() => expect(items()).toHaveLength(50));
    expect(screen.getByText('Showing 50 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    // What was mounted stays mounted: the next rows are added after it.
    expect(items().length).toBeGreaterThanOrEqual(50);
    await waitFor(() => expect(items()).toHaveLength(100));
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

describe('delete confirmation and form dialog', { timeout: 30_000 }, () => {
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
