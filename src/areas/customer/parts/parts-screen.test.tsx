import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartStorageKey } from '../../../data/queries/customer-cart';
import { customerPaths } from '../../../domain/paths';
import { partRequestRow, partRow } from '../../../testing/rows';
import { CUSTOMER_ID, outbox, renderCustomer } from '../test-fixtures';
import { PartsScreen } from './parts-screen';

const PUMP = '40000000-0000-4000-8000-000000000001';
const LIGHT = '40000000-0000-4000-8000-000000000002';
const SEAL = '40000000-0000-4000-8000-000000000003';

async function renderParts(storedCart?: unknown) {
  localStorage.removeItem(cartStorageKey(CUSTOMER_ID));
  if (storedCart) localStorage.setItem(cartStorageKey(CUSTOMER_ID), JSON.stringify(storedCart));
  return renderCustomer(<PartsScreen />, {
    path: customerPaths.parts,
    seed: async (db) => {
      await db.parts.bulkPut([
        partRow({
          id: PUMP,
          name: 'Hydraulic pump',
          model: 'S30',
          price: 120,
          stock: 2,
          partCode: 'S30-HP-1',
        }),
        partRow({ id: LIGHT, name: 'LED light', model: 'U500', price: 80.5, stock: 11 }),
        partRow({ id: SEAL, name: 'Seat seal', model: 'S30', price: 5, stock: 0 }),
      ]);
      await db.partRequests.put(
        partRequestRow({
          id: '50000000-0000-4000-8000-0000abcd1234',
          userId: CUSTOMER_ID,
          status: 'QUOTED',
          items: [{ partId: PUMP, qty: 1 }],
        }),
      );
    },
  });
}

const cart = () => screen.getByRole('region', { name: 'Cart' });
const card = (name: string) => screen.getByRole('article', { name });

describe('PartsScreen', () => {
  it('shows price, code and the stock badge, with add disabled at zero stock', async () => {
    await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    expect(within(card('Hydraulic pump')).getByText('Low Stock')).toBeInTheDocument();
    expect(within(card('Hydraulic pump')).getByText(/S30-HP-1/)).toBeInTheDocument();
    expect(within(card('Hydraulic pump')).getByText('£120.00')).toBeInTheDocument();
    expect(within(card('LED light')).getByText('In Stock')).toBeInTheDocument();
    expect(within(card('Seat seal')).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(card('Seat seal')).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(await screen.findByText('Request #abcd1234 · 1 item')).toBeInTheDocument();
    expect(screen.getByText('Quoted')).toBeInTheDocument();
  });

  it("draws the first 50 parts of a large catalogue, then 'Show more' adds the next", async () => {
    const user = userEvent.setup();
    localStorage.removeItem(cartStorageKey(CUSTOMER_ID));
    await renderCustomer(<PartsScreen />, {
      path: customerPaths.parts,
      seed: async (db) => {
        await db.parts.bulkPut(
          Array.from({ length: 60 }, (_, n) =>
            partRow({ name: `Part ${String(n).padStart(3, '0')}`, model: 'S30', stock: 5 }),
          ),
        );
      },
    });
    await screen.findByRole('article', { name: 'Part 000' });
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(screen.getByRole('article', { name: 'Part 049' })).toBeInTheDocument();
    expect(screen.getByText('Showing 50 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByRole('article')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    // A search starts again at its first page, over the whole catalogue.
    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'Part 05');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 10 }, (_, n) => `Part 05${n}`),
    );
  });

  it('searches by name or model and filters by model', async () => {
    const user = userEvent.setup();
    await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'u500');
    expect(screen.queryByRole('article', { name: 'Hydraulic pump' })).toBeNull();
    expect(screen.getByRole('article', { name: 'LED light' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search parts' }));
    await user.selectOptions(screen.getByLabelText('Model'), 'S30');
    expect(screen.queryByRole('article', { name: 'LED light' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Seat seal' })).toBeInTheDocument();
  });

  it('adds up to the stock, removes, totals in GBP and clears', async () => {
    const user = userEvent.setup();
    await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    const add = within(card('Hydraulic pump')).getByRole('button', { name: 'Add to Cart' });
    await user.click(add);
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    await user.click(add);
    expect(add).toBeDisabled();
    await user.click(within(card('LED light')).getByRole('button', { name: 'Add to Cart' }));
    expect(within(cart()).getByText('3 items · £320.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove one Hydraulic pump' }));
    expect(within(cart()).getByText('2 items · £200.50')).toBeInTheDocument();
    expect(add).toBeEnabled();
    await user.click(within(cart()).getByRole('button', { name: 'Clear Cart' }));
    expect(within(cart()).getByText('0 items · £0.00')).toBeInTheDocument();
  });

  it('says Cart is empty rather than submitting nothing', async () => {
    const user = userEvent.setup();
    const session = await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    await user.click(within(cart()).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Cart is empty')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([]);
  });

  it('submits a PENDING part request with SPEC’s messages and clears the cart', async () => {
    const user = userEvent.setup();
    const session = await renderParts();
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    await user.click(within(card('Hydraulic pump')).getByRole('button', { name: 'Add to Cart' }));
    await user.click(within(card('LED light')).getByRole('button', { name: 'Add to Cart' }));
    expect(JSON.parse(localStorage.getItem(cartStorageKey(CUSTOMER_ID)) ?? '[]')).toHaveLength(2);
    await user.click(within(cart()).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Parts request submitted')).toBeInTheDocument();
    expect(
      screen.getByText('We will review your request and provide a quote within 24 hours.'),
    ).toBeInTheDocument();
    expect(within(cart()).getByText('0 items · £0.00')).toBeInTheDocument();
    expect(localStorage.getItem(cartStorageKey(CUSTOMER_ID))).toBeNull();
    const [entry] = await outbox(session);
    expect(entry).toMatchObject({
      name: 'partRequest.create',
      args: {
        items: [
          { partId: PUMP, qty: 1 },
          { partId: LIGHT, qty: 1 },
        ],
      },
    });
    const requests = await session.db.partRequests.where('userId').equals(CUSTOMER_ID).toArray();
    expect(requests.map((r) => r.status).sort()).toEqual(['PENDING', 'QUOTED']);
  });

  it('refuses a cart over the stock the device now shows, and keeps the cart', async () => {
    const user = userEvent.setup();
    const session = await renderParts([{ partId: PUMP, qty: 2 }]);
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    // Another customer bought one: the pull brought the lower stock.
    await session.db.parts.update(PUMP, { stock: 1 });
    await user.click(within(cart()).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Only 1 of Hydraulic pump in stock')).toBeInTheDocument();
    expect(within(cart()).getByText('2 items · £240.00')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([]);
  });

  it('says No parts found for a search that matches none, and No part requests found', async () => {
    const user = userEvent.setup();
    await renderCustomer(<PartsScreen />, {
      path: customerPaths.parts,
      seed: (db) => db.parts.put(partRow({ name: 'Hydraulic pump', model: 'S30' })),
    });
    expect(await screen.findByText('No part requests found')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'armrest');
    expect(await screen.findByText('No parts found')).toBeInTheDocument();
  });

  it('keeps the cart of this user across reloads, and not another user’s', async () => {
    localStorage.setItem(
      cartStorageKey('someone-else'),
      JSON.stringify([{ partId: LIGHT, qty: 5 }]),
    );
    await renderParts([{ partId: PUMP, qty: 2 }]);
    await screen.findByRole('article', { name: 'Hydraulic pump' });
    expect(within(cart()).getByText('2 items · £240.00')).toBeInTheDocument();
    expect(
      within(card('Hydraulic pump')).getByRole('button', { name: 'Add to Cart' }),
    ).toBeDisabled();
    localStorage.removeItem(cartStorageKey('someone-else'));
  });

  it('lists the cart line by line, with a quantity stepper and Remove for each', async () => {
    const user = userEvent.setup();
    await renderParts([
      { partId: PUMP, qty: 1 },
      { partId: LIGHT, qty: 2 },
    ]);
    const lines = within(await screen.findByRole('list', { name: 'Cart lines' }));
    const pump = within(lines.getByRole('listitem', { name: 'Hydraulic pump' }));
    expect(pump.getByLabelText('Hydraulic pump quantity')).toHaveTextContent('1');
    expect(pump.getByText('£120.00')).toBeInTheDocument();
    await user.click(pump.getByRole('button', { name: 'One more Hydraulic pump' }));
    expect(pump.getByLabelText('Hydraulic pump quantity')).toHaveTextContent('2');
    expect(pump.getByText('£240.00')).toBeInTheDocument();
    // Stock is 2: no third.
    expect(pump.getByRole('button', { name: 'One more Hydraulic pump' })).toBeDisabled();
    await user.click(pump.getByRole('button', { name: 'One fewer Hydraulic pump' }));
    expect(pump.getByLabelText('Hydraulic pump quantity')).toHaveTextContent('1');
    expect(within(cart()).getByText('3 items · £281.00')).toBeInTheDocument();
    await user.click(
      within(lines.getByRole('listitem', { name: 'LED light' })).getByRole('button', {
        name: 'Remove LED light from cart',
      }),
    );
    expect(lines.queryByRole('listitem', { name: 'LED light' })).toBeNull();
    expect(within(cart()).getByText('1 item · £120.00')).toBeInTheDocument();
  });

  it("shows each part request's parts and total, not only its item count", async () => {
    await renderParts();
    const request = within(await screen.findByRole('article', { name: 'Request #abcd1234' }));
    expect(request.getByText('Hydraulic pump × 1')).toBeInTheDocument();
    expect(request.getByText('Total')).toBeInTheDocument();
    expect(request.getAllByText('£120.00')).toHaveLength(2);
  });
});
