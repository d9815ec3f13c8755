import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { provisionalChairId } from '../../../domain/chairs';
import { formatDate } from '../../../domain/format';
import { customerPaths } from '../../../domain/paths';
import { warrantyExpiry } from '../../../domain/warranty';
import { historyEntry } from '../../../testing/rows';
import {
  daysFromNow,
  myChair,
  outbox,
  renderCustomer,
  warrantyWithDaysLeft,
} from '../test-fixtures';
import { MyChairsScreen, PROVISIONAL_CHAIR_NOTE } from './my-chairs-screen';

const sheet = {
  partsArrived: true,
  powersOn: true,
  movementOK: true,
  waterAirOK: true,
  submittedAt: '2026-01-01T00:00:00.000Z',
};
const CHAIR_ID = '20000000-0000-4000-8000-0000000000c1';

const card = (serial: string) => screen.getByRole('article', { name: serial });

describe('MyChairsScreen', () => {
  it('says so when no chair is registered', async () => {
    await renderCustomer(<MyChairsScreen />, { path: customerPaths.chairs });
    expect(await screen.findByText('No chairs registered')).toBeInTheDocument();
  });

  it('shows Pending until the test sheet, with Submit Test Sheet only while there is none', async () => {
    await renderCustomer(<MyChairsScreen />, {
      path: customerPaths.chairs,
      seed: (db) =>
        db.chairs.bulkPut([
          myChair({
            id: CHAIR_ID,
            serialNumber: 'S30-NEW',
            warranty: warrantyWithDaysLeft(1800, { confirmed: false }),
          }),
          myChair({
            serialNumber: 'S30-DONE',
            warranty: warrantyWithDaysLeft(400),
            testSheet: sheet,
          }),
        ]),
    });
    await screen.findByRole('article', { name: 'S30-NEW' });
    const fresh = card('S30-NEW');
    // The warranty and the test sheet both read Pending.
    expect(within(fresh).getAllByText('Pending')).toHaveLength(2);
    expect(within(fresh).getByText('Confirmed once the test sheet passes')).toBeInTheDocument();
    expect(within(fresh).getByRole('link', { name: 'Submit Test Sheet' })).toHaveAttribute(
      'href',
      customerPaths.testSheet(CHAIR_ID),
    );
    const done = card('S30-DONE');
    expect(within(done).getByText('Active')).toBeInTheDocument();
    expect(within(done).getByText('Complete')).toBeInTheDocument();
    expect(within(done).getByText(/400 days remaining/)).toBeInTheDocument();
    const expiry = formatDate(warrantyExpiry(warrantyWithDaysLeft(400)));
    expect(
      within(done).getByText(`Confirmed · 400 days remaining · expires ${expiry}`),
    ).toBeInTheDocument();
    expect(within(done).queryByRole('link', { name: 'Submit Test Sheet' })).toBeNull();
  });

  it('labels a passed warranty Confirmed (SPEC §4) and says Expired once, in the badge', async () => {
    const gone = warrantyWithDaysLeft(-10);
    await renderCustomer(<MyChairsScreen />, {
      path: customerPaths.chairs,
      seed: (db) =>
        db.chairs.put(myChair({ serialNumber: 'C-GONE', warranty: gone, testSheet: sheet })),
    });
    const chair = within(await screen.findByRole('article', { name: 'C-GONE' }));
    const expiry = formatDate(warrantyExpiry(gone));
    expect(chair.getByText(`Confirmed · ended ${expiry} (10 days ago)`)).toBeInTheDocument();
    expect(chair.getAllByText(/Expired/)).toHaveLength(1);
  });

  it("shows no service status beside 'Not scheduled' for a chair never serviced", async () => {
    await renderCustomer(<MyChairsScreen />, {
      path: customerPaths.chairs,
      seed: (db) =>
        db.chairs.bulkPut([
          myChair({
            serialNumber: 'S30-FRESH',
            status: 'DELIVERED',
            warranty: null,
            service: { lastServiceDate: null, nextServiceDue: null, serviceHistory: [] },
          }),
          myChair({
            serialNumber: 'S30-DUE',
            service: {
              lastServiceDate: null,
              nextServiceDue: daysFromNow(200),
              serviceHistory: [],
            },
          }),
        ]),
    });
    const fresh = within(await screen.findByRole('article', { name: 'S30-FRESH' }));
    expect(fresh.getByText('Not scheduled')).toBeInTheDocument();
    expect(fresh.queryByText('Current')).toBeNull();
    expect(within(card('S30-DUE')).getByText('Current')).toBeInTheDocument();
  });

  it('lists a chair activated on this device at once, ready for its test sheet, and once only', async () => {
    const standIn = provisionalChairId('S30-OFFLINE');
    await renderCustomer(<MyChairsScreen />, {
      path: customerPaths.chairs,
      seed: (db) =>
        db.chairs.bulkPut([
          myChair({
            id: standIn,
            serialNumber: 'S30-OFFLINE',
            warranty: warrantyWithDaysLeft(1826, { confirmed: false }),
          }),
          // The server's row of a chair whose stand-in is still here (its answer was lost).
          myChair({ id: provisionalChairId('S30-BOTH'), serialNumber: 'S30-BOTH' }),
          myChair({ id: CHAIR_ID, serialNumber: 'S30-BOTH' }),
        ]),
    });
    const offline = await screen.findByRole('article', { name: 'S30-OFFLINE' });
    expect(within(offline).getByText(PROVISIONAL_CHAIR_NOTE)).toBeInTheDocument();
    expect(within(offline).getByRole('link', { name: 'Submit Test Sheet' })).toHaveAttribute(
      'href',
      customerPaths.testSheet(standIn),
    );
    const both = screen.getAllByRole('article', { name: 'S30-BOTH' });
    expect(both).toHaveLength(1);
    expect(within(both[0]!).queryByText(PROVISIONAL_CHAIR_NOTE)).toBeNull();
  });

  it('marks near expiry and expired, and offers +3 / +5 Years only then', async () => {
    await renderCustomer(<MyChairsScreen />, {
      path: customerPaths.chairs,
      seed: (db) =>
        db.chairs.bulkPut([
          myChair({ serialNumber: 'A-FAR', warranty: warrantyWithDaysLeft(91), testSheet: sheet }),
          myChair({ serialNumber: 'B-NEAR', warranty: warrantyWithDaysLeft(90), testSheet: sheet }),
          myChair({
            serialNumber: 'C-GONE',
            warranty: warrantyWithDaysLeft(-10),
            testSheet: sheet,
          }),
          myChair({
            serialNumber: 'D-UNCONFIRMED',
            warranty: warrantyWithDaysLeft(-10, { confirmed: false }),
          }),
        ]),
    });
    await screen.findByRole('article', { name: 'A-FAR' });
    expect(within(card('A-FAR')).queryByRole('button', { name: /Extend/ })).toBeNull();
    expect(within(card('B-NEAR')).getByText('Expiring Soon')).toBeInTheDocument();
    expect(
      within(card('B-NEAR')).getByRole('button', { name: 'Extend +3 Years' }),
    ).toBeInTheDocument();
    expect(within(card('C-GONE')).getByText('Expired')).toBeInTheDocument();
    expect(
      within(card('C-GONE')).getByRole('button', { name: 'Extend +5 Years' }),
    ).toBeInTheDocument();
    expect(within(card('D-UNCONFIRMED')).queryByRole('button', { name: /Extend/ })).toBeNull();
  });

  it('extends through chair.extendWarranty and ends with SPEC’s alert text', async () => {
    const user = userEvent.setup();
    const session = await renderCustomer(<MyChairsScreen />, {
      path: customerPaths.chairs,
      seed: (db) =>
        db.chairs.put(
          myChair({
            id: CHAIR_ID,
            serialNumber: 'C-GONE',
            warranty: warrantyWithDaysLeft(-10),
            testSheet: sheet,
          }),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Extend +3 Years' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Extend warranty by 3 years?' });
    expect(await outbox(session)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Extend Warranty' }));
    expect(
      await screen.findByText('Warranty extended by 3 years! (Payment integration would be here)'),
    ).toBeInTheDocument();
    expect(await outbox(session)).toEqual([
      { name: 'chair.extendWarranty', args: { chairId: CHAIR_ID, years: 3 } },
    ]);
    expect((await session.db.chairs.get(CHAIR_ID))?.warranty).toMatchObject({
      warrantyYears: 8,
      extensionPurchased: true,
      extensionYears: 3,
    });
  });

  it('shows the service status, Schedule Service when overdue, and the service history', async () => {
    const user = userEvent.setup();
    await renderCustomer(<MyChairsScreen />, {
      path: customerPaths.chairs,
      seed: (db) =>
        db.chairs.bulkPut([
          myChair({
            serialNumber: 'LATE',
            service: {
              nextServiceDue: daysFromNow(-2),
              serviceHistory: [
                historyEntry({ date: '2025-01-10T09:00:00.000Z', workPerformed: 'Older visit' }),
                historyEntry({
                  date: '2025-06-10T09:00:00.000Z',
                  workPerformed: 'Replaced the foot pedal',
                  engineerName: 'James Carter',
                  cost: 120,
                  partsReplaced: [{ partName: 'Foot pedal', quantity: 1 }],
                }),
              ],
            },
          }),
          myChair({ serialNumber: 'SOON', service: { nextServiceDue: daysFromNow(10) } }),
        ]),
    });
    await screen.findByRole('article', { name: 'LATE' });
    expect(within(card('LATE')).getByText('Overdue')).toBeInTheDocument();
    expect(within(card('LATE')).getByRole('link', { name: 'Schedule Service' })).toHaveAttribute(
      'href',
      customerPaths.service,
    );
    expect(within(card('SOON')).getByText('Due Soon')).toBeInTheDocument();
    expect(within(card('SOON')).queryByRole('link', { name: 'Schedule Service' })).toBeNull();

    await user.click(within(card('LATE')).getByRole('button', { name: 'Service History' }));
    const history = await screen.findByRole('list', { name: 'Service history' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Replaced the foot pedal');
    expect(entries[0]).toHaveTextContent('Engineer: James Carter');
    expect(entries[0]).toHaveTextContent('Foot pedal × 1');
    expect(entries[0]).toHaveTextContent('£120.00');
    expect(entries[1]).toHaveTextContent('Older visit');
  });
});
