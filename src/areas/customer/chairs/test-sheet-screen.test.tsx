import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdReadOf } from '../../../testing/held-read';
import { customerPaths } from '../../../domain/paths';
import { provisionalChairId } from '../../../domain/chairs';
import {
  failNextWrite,
  myChair,
  outbox,
  renderCustomer,
  warrantyWithDaysLeft,
} from '../test-fixtures';
import { TestSheetScreen } from './test-sheet-screen';

const CHAIR_ID = '20000000-0000-4000-8000-0000000000c2';
const pattern = customerPaths.testSheet(':id');

async function renderSheet(patch = {}) {
  return renderCustomer(<TestSheetScreen />, {
    path: customerPaths.testSheet(CHAIR_ID),
    pattern,
    seed: (db) =>
      db.chairs.put(
        myChair({
          id: CHAIR_ID,
          serialNumber: 'S30-7777',
          warranty: warrantyWithDaysLeft(1800, { confirmed: false }),
          ...patch,
        }),
      ),
  });
}

const CHECKS = ['All parts arrived', 'Chair powers on', 'Movement is OK', 'Water and air are OK'];

afterEach(() => vi.restoreAllMocks());

describe('TestSheetScreen', () => {
  it('says Chair not found for an unknown id', async () => {
    await renderCustomer(<TestSheetScreen />, {
      path: customerPaths.testSheet('20000000-0000-4000-8000-00000000dead'),
      pattern,
    });
    expect(await screen.findByText('Chair not found')).toBeInTheDocument();
  });

  it('confirms the warranty when all four checks pass, then goes back to My Chairs', async () => {
    const user = userEvent.setup();
    const session = await renderSheet();
    expect(await screen.findByText('S30-7777')).toBeInTheDocument();
    expect(screen.getByText('S30 Sigma')).toBeInTheDocument();
    for (const check of CHECKS) await user.click(screen.getByText(check));
    await user.type(screen.getByLabelText(/Notes/), 'All good');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Test sheet submitted and warranty confirmed!'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('All tests passed - your warranty is now fully active.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Navigated away')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([
      {
        name: 'chair.submitTestSheet',
        args: {
          chairId: CHAIR_ID,
          partsArrived: true,
          powersOn: true,
          movementOK: true,
          waterAirOK: true,
          notes: 'All good',
        },
      },
    ]);
    expect((await session.db.chairs.get(CHAIR_ID))?.warranty?.confirmed).toBe(true);
  });

  it('names a chair activated on this device by its serial too', async () => {
    const user = userEvent.setup();
    const standIn = provisionalChairId('S30-OFFLINE-1');
    const session = await renderCustomer(<TestSheetScreen />, {
      path: customerPaths.testSheet(standIn),
      pattern,
      seed: (db) =>
        db.chairs.put(
          myChair({
            id: standIn,
            serialNumber: 'S30-OFFLINE-1',
            // Activated on this device (chair.activateWarranty's stand-in row).
            warranty: warrantyWithDaysLeft(1826, { confirmed: false }),
          }),
        ),
    });
    await screen.findByText('S30-OFFLINE-1');
    for (const check of CHECKS) await user.click(screen.getByText(check));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Test sheet submitted and warranty confirmed!'),
    ).toBeInTheDocument();
    expect(await outbox(session)).toEqual([
      {
        name: 'chair.submitTestSheet',
        args: {
          chairId: standIn,
          serialNumber: 'S30-OFFLINE-1',
          partsArrived: true,
          powersOn: true,
          movementOK: true,
          waterAirOK: true,
        },
      },
    ]);
  });

  it('says Failed to submit test sheet when the device cannot store it, and stays', async () => {
    const user = userEvent.setup();
    const session = await renderSheet();
    await screen.findByText('S30-7777');
    await user.click(screen.getByText('Chair powers on'));
    await user.type(screen.getByLabelText(/Notes/), 'Kept');
    failNextWrite(session);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit test sheet')).toBeInTheDocument();
    expect(screen.queryByText('Navigated away')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Chair powers on' })).toBeChecked();
    expect(screen.getByLabelText(/Notes/)).toHaveValue('Kept');
    expect((await session.db.chairs.get(CHAIR_ID))?.testSheet).toBeNull();
  });

  it('only records the results when a check fails', async () => {
    const user = userEvent.setup();
    const session = await renderSheet();
    await screen.findByText('S30-7777');
    await user.click(screen.getByText('All parts arrived'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Test sheet submitted')).toBeInTheDocument();
    expect(screen.getByText('Your test results have been recorded.')).toBeInTheDocument();
    expect((await session.db.chairs.get(CHAIR_ID))?.warranty?.confirmed).toBe(false);
  });

  it('shows a Completed badge when a sheet already exists', async () => {
    await renderSheet({
      testSheet: {
        partsArrived: true,
        powersOn: true,
        movementOK: true,
        waterAirOK: true,
        submittedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  const OTHER_ID = '20000000-0000-4000-8000-0000000000c9';
  function GoToOther() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate(customerPaths.testSheet(OTHER_ID))}>
        Other chair
      </button>
    );
  }
  const renderFirstOfTwo = () =>
    renderCustomer(
      <>
        <TestSheetScreen />
        <GoToOther />
      </>,
      {
        path: customerPaths.testSheet(CHAIR_ID),
        pattern,
        seed: (db) =>
          db.chairs.bulkPut([
            myChair({ id: CHAIR_ID, serialNumber: 'S30-7777' }),
            myChair({ id: OTHER_ID, serialNumber: 'S30-8888' }),
          ]),
      },
    );

  it('starts afresh when another chair’s sheet opens without a reload', async () => {
    const user = userEvent.setup();
    await renderFirstOfTwo();
    await screen.findByText('S30-7777');
    await user.click(screen.getByText('All parts arrived'));
    await user.type(screen.getByLabelText(/Notes/), 'For the first chair');
    await user.click(screen.getByRole('button', { name: 'Other chair' }));
    expect(await screen.findByText('S30-8888')).toBeInTheDocument();
    expect(screen.getByLabelText(/Notes/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'All parts arrived' })).not.toBeChecked();
  });

  it("never shows the first chair's sheet under the other's address while the other is read", async () => {
    const user = userEvent.setup();
    const session = await renderFirstOfTwo();
    await screen.findByText('S30-7777');
    // The mirror is slow to answer for the other chair (a busy phone's storage): its read is held.
    const release = holdReadOf(session.db.chairs, OTHER_ID);

    await user.click(screen.getByRole('button', { name: 'Other chair' }));
    expect(await screen.findByText('Loading chair…')).toBeInTheDocument();
    expect(screen.queryByText('S30-7777')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByText('S30-8888')).toBeInTheDocument();
  });
});
