import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../../domain/paths';
import { CUSTOMER_ID, partRequestRow, userRow } from '../../../testing/rows';
import { outbox, renderAdmin } from '../test-fixtures';
import { PartRequestsScreen } from './part-requests-screen';

const PENDING = '50000000-0000-4000-8000-0000000000a1';
const ORDERED = '50000000-0000-4000-8000-0000000000a2';
const FULFILLED = '50000000-0000-4000-8000-0000000000a3';

async function renderRequests() {
  return renderAdmin(<PartRequestsScreen />, {
    path: adminPaths.partRequests,
    seed: async (db) => {
      await db.users.put(userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }));
      await db.partRequests.bulkPut([
        partRequestRow({ id: PENDING, userId: CUSTOMER_ID }),
        partRequestRow({ id: ORDERED, userId: CUSTOMER_ID, status: 'ORDERED' }),
        partRequestRow({ id: FULFILLED, userId: CUSTOMER_ID, status: 'FULFILLED' }),
      ]);
    },
  });
}

const card = (id: string) =>
  within(screen.getByRole('article', { name: `Request #${id.slice(-8)}` }));
const buttons = (id: string) =>
  card(id)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('Part request lifecycle on the admin screen', () => {
  it('offers only the next moves of each status; none once fulfilled', async () => {
    await renderRequests();
    await screen.findByRole('article', { name: 'Request #000000a1' });
    expect(buttons(PENDING)).toEqual(['Mark as Quoted', 'Cancel Request']);
    expect(buttons(ORDERED)).toEqual(['Mark as Fulfilled', 'Cancel Request']);
    expect(buttons(FULFILLED)).toEqual([]);
  });

  it("marks a pending request as quoted: 'Part request marked as quoted'", async () => {
    const user = userEvent.setup();
    const session = await renderRequests();
    await screen.findByRole('article', { name: 'Request #000000a1' });
    await user.click(card(PENDING).getByRole('button', { name: 'Mark as Quoted 000000a1' }));
    expect(await screen.findByText('Part request marked as quoted')).toBeInTheDocument();
    expect((await session.db.partRequests.get(PENDING))?.status).toBe('QUOTED');
    expect(await card(PENDING).findByText('Quoted')).toBeInTheDocument();
    expect(buttons(PENDING)).toEqual(['Mark as Ordered', 'Cancel Request']);
    expect(await outbox(session)).toEqual([
      { name: 'partRequest.setStatus', args: { partRequestId: PENDING, status: 'QUOTED' } },
    ]);
  });

  it("cancels after a confirmation: 'Part request cancelled'", async () => {
    const user = userEvent.setup();
    const session = await renderRequests();
    await screen.findByRole('article', { name: 'Request #000000a2' });
    await user.click(card(ORDERED).getByRole('button', { name: 'Cancel Request 000000a2' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(
      dialog.getByText('Cancel Request #000000a2? The customer will see it as cancelled.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('Part request cancelled')).toBeInTheDocument();
    expect((await session.db.partRequests.get(ORDERED))?.status).toBe('CANCELLED');
  });
});
