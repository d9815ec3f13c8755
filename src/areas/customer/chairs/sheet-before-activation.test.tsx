// Issue 29 point 1: a test sheet on a delivered chair whose warranty was never activated. The
// rule: a passing sheet on file confirms the warranty when it is activated. My Chairs, the
// Overview and the sheet's toast agree; activating afterwards confirms it at once.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localDateKey } from '../../../domain/appointments';
import { customerPaths } from '../../../domain/paths';
import { OverviewScreen } from '../overview-screen';
import { myChair, renderCustomer } from '../test-fixtures';
import { WarrantyScreen } from '../warranty-screen';
import { MyChairsScreen } from './my-chairs-screen';
import { TestSheetScreen } from './test-sheet-screen';

const CHAIR_ID = '20000000-0000-4000-8000-0000000000d5';
const SERIAL = 'U500-25-00118';
const allPass = { partsArrived: true, powersOn: true, movementOK: true, waterAirOK: true };
const passedSheet = { ...allPass, notes: null, submittedAt: '2026-03-01T10:00:00.000Z' };
/** Delivered to the customer, warranty never activated. */
const delivered = (patch = {}) =>
  myChair({
    id: CHAIR_ID,
    serialNumber: SERIAL,
    model: 'U500',
    status: 'DELIVERED',
    deliveryDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    warranty: null,
    ...patch,
  });
const CHECKS = ['All parts arrived', 'Chair powers on', 'Movement is OK', 'Water and air are OK'];

describe('A test sheet before the warranty is activated', () => {
  it('is recorded, and says the warranty is confirmed once activated, not that it is active', async () => {
    const user = userEvent.setup();
    const session = await renderCustomer(<TestSheetScreen />, {
      path: customerPaths.testSheet(CHAIR_ID),
      pattern: customerPaths.testSheet(':id'),
      seed: (db) => db.chairs.put(delivered()),
    });
    await screen.findByText(SERIAL);
    for (const check of CHECKS) await user.click(screen.getByText(check));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Test sheet submitted')).toBeInTheDocument();
    expect(
      screen.getByText('All tests passed - your warranty will be confirmed once it is activated.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Test sheet submitted and warranty confirmed!')).toBeNull();
    const chair = await session.db.chairs.get(CHAIR_ID);
    expect(chair?.testSheet).toMatchObject(allPass);
    expect(chair?.warranty?.confirmed ?? false).toBe(false);
  });

  it('My Chairs says Pending, and that the passed sheet confirms it once activated', async () => {
    // Even a row an older version marked confirmed without an activation.
    await renderCustomer(<MyChairsScreen />, {
      path: customerPaths.chairs,
      seed: (db) =>
        db.chairs.put(delivered({ testSheet: passedSheet, warranty: { confirmed: true } })),
    });
    const card = within(await screen.findByRole('article', { name: SERIAL }));
    // Not 'Not Activated' next to a count of confirmed warranties (the old contradiction).
    expect(card.getByText('Pending')).toBeInTheDocument();
    expect(card.queryByText('Not Activated')).toBeNull();
    expect(
      card.getByText('Test sheet passed: confirmed once the warranty is activated'),
    ).toBeInTheDocument();
  });

  it('the Overview does not count a warranty that was never activated as confirmed', async () => {
    await renderCustomer(<OverviewScreen />, {
      path: customerPaths.home,
      seed: (db) =>
        db.chairs.put(delivered({ testSheet: passedSheet, warranty: { confirmed: true } })),
    });
    await screen.findByRole('heading', { name: 'My Equipment' });
    const confirmed = screen.getByText('Confirmed Warranties').closest('dl')!;
    expect(within(confirmed).getByText('0')).toBeInTheDocument();
  });

  it('activating the warranty afterwards confirms it at once', async () => {
    const user = userEvent.setup();
    const session = await renderCustomer(<WarrantyScreen />, {
      path: customerPaths.warranty,
      seed: (db) => db.chairs.put(delivered({ testSheet: passedSheet })),
    });
    await user.type(await screen.findByLabelText(/Serial Number/), SERIAL);
    expect(await screen.findByText(/^Found:/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Delivery Date/), localDateKey(new Date()));
    await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
    expect(await screen.findByText('Warranty activation received')).toBeInTheDocument();
    const chair = await session.db.chairs.get(CHAIR_ID);
    expect(chair?.status).toBe('REGISTERED');
    expect(chair?.warranty).toMatchObject({ confirmed: true });
    expect(chair?.warranty?.activatedAt).toBeTruthy();
  });
});
