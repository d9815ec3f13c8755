import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../../domain/paths';
import { partRow } from '../../../testing/rows';
import { outbox, renderAdmin } from '../test-fixtures';
import { PartsScreen } from './parts-screen';

const PUMP = '40000000-0000-4000-8000-000000000001';

async function renderParts() {
  return renderAdmin(<PartsScreen />, {
    path: adminPaths.parts,
    seed: (db) =>
      db.parts.bulkPut([
        partRow({ id: PUMP, name: 'Hydraulic pump', partCode: 'HP-1', price: 120, stock: 4 }),
        partRow({ name: 'Foot pedal', partCode: 'FP-2', model: 'U500', stock: 0 }),
      ]),
  });
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('Admin PartsScreen', () => {
  it('shows each part with price and stock badge, and searches', async () => {
    const user = userEvent.setup();
    await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    expect(card('Hydraulic pump').getByText('£120.00')).toBeInTheDocument();
    expect(card('Hydraulic pump').getByText('Low Stock')).toBeInTheDocument();
    expect(card('Foot pedal').getByText('Out of Stock')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'fp-2');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'zzz');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No parts found')).toBeInTheDocument();
    expect(screen.getByText('No part matches your search.')).toBeInTheDocument();
  });

  it("adds a part, with its messages: 'Name is required', 'Price must be 0 or more'", async () => {
    const user = userEvent.setup();
    const session = await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    const form = within(await screen.findByRole('form', { name: 'Part' }));
    await user.clear(form.getByRole('spinbutton', { name: /Price/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Part' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Price must be 0 or more')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Headrest');
    await user.type(form.getByRole('spinbutton', { name: /Price/ }), '45.5');
    await user.clear(form.getByRole('spinbutton', { name: /Stock/ }));
    await user.type(form.getByRole('spinbutton', { name: /Stock/ }), '12');
    await user.selectOptions(form.getByRole('combobox', { name: /Model/ }), 'S30');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Part' }));
    expect(await screen.findByText('Part added successfully')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Headrest' })).toBeInTheDocument();
    const [entry] = await outbox(session);
    expect(entry).toMatchObject({
      name: 'part.add',
      args: { name: 'Headrest', price: 45.5, stock: 12, model: 'S30' },
    });
  });

  it('edits a part from its stored values', async () => {
    const user = userEvent.setup();
    const session = await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    await user.click(screen.getByRole('button', { name: 'Edit Hydraulic pump' }));
    const form = within(await screen.findByRole('form', { name: 'Part' }));
    expect(form.getByRole('textbox', { name: /Part Code/ })).toHaveValue('HP-1');
    const stock = form.getByRole('spinbutton', { name: /Stock/ });
    await user.clear(stock);
    await user.type(stock, '30');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Changes' }),
    );
    expect(await screen.findByText('Part updated successfully')).toBeInTheDocument();
    expect((await session.db.parts.get(PUMP))?.stock).toBe(30);
  });

  it("deletes after a confirmation: 'Part deleted successfully'", async () => {
    const user = userEvent.setup();
    const session = await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    await user.click(screen.getByRole('button', { name: 'Delete Hydraulic pump' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Part deleted successfully')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([{ name: 'part.delete', args: { partId: PUMP } }]);
  });
});
