import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDateKey } from '../../domain/appointments';
import { customerPaths } from '../../domain/paths';
import { chairRow } from '../../testing/rows';
import { provisionalChairId } from '../../domain/chairs';
import { SERIAL_LOOKUP_DELAY_MS } from '../../data/queries/serial-lookup';
import { failNextWrite, outbox, renderCustomer } from './test-fixtures';
import type { TestInventory } from '../../testing/session';
import {
  ACTIVATION_QUEUED,
  SERIAL_CHECKED_LATER,
  SERIAL_CHECKED_ONLINE,
  WarrantyScreen,
} from './warranty-screen';

// Scan label: the camera and the decoder replaced; the label reads 'S30-STOCK'.
vi.mock('../../files/barcode-reader', () => ({
  openLabelReader: async () => ({ engine: 'zxing', read: async () => 'S30-STOCK' }),
}));

const daysAgo = (days: number) => localDateKey(new Date(Date.now() - days * 86_400_000));

/** The server's inventory: claimable chairs this customer's mirror does not hold. */
const INVENTORY: TestInventory = { 'S30-ELSEWHERE': 'S30', 'U500-ELSEWHERE': 'U500' };

async function renderWarranty(inventory: TestInventory = INVENTORY) {
  return renderCustomer(<WarrantyScreen />, {
    path: customerPaths.warranty,
    inventory,
    seed: (db) =>
      db.chairs.bulkPut([
        chairRow({ serialNumber: 'S30-STOCK', status: 'DELIVERED', model: 'S30' }),
        chairRow({ serialNumber: 'U500-TAKEN', status: 'REGISTERED', model: 'U500' }),
      ]),
  });
}

/**
 * A user whose keys come faster than the lookup's pause (SERIAL_LOOKUP_DELAY_MS) however busy the
 * machine is: no task runs between them, so a serial typed is looked up once, whole. With the
 * default delay each key waits a task, and a loaded machine let the pause pass mid-serial.
 */
const typingInOneBurst = () => userEvent.setup({ delay: null });

describe('WarrantyScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the rules and keeps submit disabled until a serial is typed', async () => {
    await renderWarranty();
    expect(await screen.findByText('Warranty rules')).toBeInTheDocument();
    expect(screen.getByText('Activate within 14 days of delivery.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Warranty' })).toBeDisabled();
  });

  it('says Serial number is required when the field is left empty', async () => {
    const user = userEvent.setup();
    await renderWarranty();
    await user.click(await screen.findByLabelText(/Serial Number/));
    await user.tab();
    expect(await screen.findByText('Serial number is required')).toBeInTheDocument();
  });

  it('finds a chair by serial and shows its model', async () => {
    const user = userEvent.setup();
    await renderWarranty();
    await user.type(await screen.findByLabelText(/Serial Number/), 'S30-STOCK');
    expect(await screen.findByText('Found: S30 Sigma')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Warranty' })).toBeEnabled();
  });

  it('fills the serial from a scanned label and checks it as if typed (issue 32)', async () => {
    const stop = vi.fn();
    const media = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => ({ getTracks: () => [{ stop }] }) },
    });
    try {
      const user = userEvent.setup();
      const session = await renderWarranty();
      await user.click(await screen.findByRole('button', { name: 'Scan label' }));
      const field = screen.getByLabelText(/Serial Number/);
      await waitFor(() => expect(field).toHaveValue('S30-STOCK'));
      expect(await screen.findByText('Found: S30 Sigma')).toBeInTheDocument();
      await waitFor(() => expect(field).toHaveFocus());
      expect(stop).toHaveBeenCalled();
      await user.type(screen.getByLabelText(/Delivery Date/), daysAgo(2));
      await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
      expect(await screen.findByText('Warranty activation received')).toBeInTheDocument();
      expect(await outbox(session)).toEqual([
        {
          name: 'chair.activateWarranty',
          args: { serialNumber: 'S30-STOCK', deliveryDate: daysAgo(2), model: 'S30' },
        },
      ]);
    } finally {
      if (media) Object.defineProperty(navigator, 'mediaDevices', media);
      else Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('refuses a serial this device shows as already registered', async () => {
    const user = userEvent.setup();
    await renderWarranty();
    await user.type(await screen.findByLabelText(/Serial Number/), 'U500-TAKEN');
    expect(await screen.findByText('Serial number not found in inventory')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Warranty' })).toBeDisabled();
  });

  it('requires the delivery date, and within 14 days', async () => {
    const user = userEvent.setup();
    await renderWarranty();
    await user.type(await screen.findByLabelText(/Serial Number/), 'S30-STOCK');
    // The lookup has answered (it is read from the mirror, its result drawn in a transition).
    await screen.findByText('Found: S30 Sigma');
    await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
    expect(await screen.findByText('Delivery date is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Delivery Date/), daysAgo(20));
    await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
    expect(
      await screen.findByText('Warranty must be activated within 14 days of delivery'),
    ).toBeInTheDocument();
  });

  it('activates a found chair with SPEC’s message, through the outbox', async () => {
    const user = userEvent.setup();
    const session = await renderWarranty();
    await user.type(await screen.findByLabelText(/Serial Number/), 'S30-STOCK');
    // The lookup has answered (it is read from the mirror): Activate Warranty is enabled then.
    await screen.findByText('Found: S30 Sigma');
    await user.type(screen.getByLabelText(/Delivery Date/), daysAgo(2));
    await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
    expect(await screen.findByText('Warranty activation received')).toBeInTheDocument();
    expect(screen.getByText('Your warranty has been successfully activated.')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([
      {
        name: 'chair.activateWarranty',
        args: { serialNumber: 'S30-STOCK', deliveryDate: daysAgo(2), model: 'S30' },
      },
    ]);
  });

  it('asks the server about a serial this device does not hold, once typing pauses', async () => {
    const user = typingInOneBurst();
    const session = await renderWarranty();
    const asked: number[] = [];
    const lookup = session.store.lookupSerial.bind(session.store);
    vi.spyOn(session.store, 'lookupSerial').mockImplementation((serial) => {
      asked.push(performance.now());
      return lookup(serial);
    });
    const field = await screen.findByLabelText(/Serial Number/);
    let lastKey = 0;
    field.addEventListener('input', () => (lastKey = performance.now()));
    await user.type(field, 'U500-ELSEWHERE');
    expect(await screen.findByText('Found: U500 Ambidextrous')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Warranty' })).toBeEnabled();
    expect(session.serialLookups).toEqual(['U500-ELSEWHERE']);
    // Asked once the typing had paused for SERIAL_LOOKUP_DELAY_MS after the last key's input
    // (not after user.type returned, which a busy machine delays past the pause's start).
    expect(asked[0]! - lastKey).toBeGreaterThanOrEqual(SERIAL_LOOKUP_DELAY_MS - 5);
  });

  it('activates a chair the server found, through the outbox', async () => {
    const user = userEvent.setup();
    const session = await renderWarranty();
    await user.type(await screen.findByLabelText(/Serial Number/), 'S30-ELSEWHERE');
    expect(await screen.findByText('Found: S30 Sigma')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Delivery Date/), daysAgo(0));
    await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
    expect(await screen.findByText('Warranty activation received')).toBeInTheDocument();
    expect(screen.getByText('Your warranty has been successfully activated.')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([
      {
        name: 'chair.activateWarranty',
        args: { serialNumber: 'S30-ELSEWHERE', deliveryDate: daysAgo(0), model: 'S30' },
      },
    ]);
  });

  it('says a serial the server does not know is not in inventory, and keeps submit disabled', async () => {
    const user = typingInOneBurst();
    const session = await renderWarranty();
    await user.type(await screen.findByLabelText(/Serial Number/), 'S30-NOWHERE');
    expect(await screen.findByText('Serial number not found in inventory')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Delivery Date/), daysAgo(0));
    expect(screen.getByRole('button', { name: 'Activate Warranty' })).toBeDisabled();
    expect(session.serialLookups).toEqual(['S30-NOWHERE']);
    expect(await outbox(session)).toEqual([]);
  });

  it('offline, queues a serial this device does not hold, to be checked once back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    const session = await renderWarranty();
    await user.type(await screen.findByLabelText(/Serial Number/), 'S30-NOWHERE');
    expect(await screen.findByText(SERIAL_CHECKED_ONLINE)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Delivery Date/), daysAgo(0));
    await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
    expect(await screen.findByText('Warranty activation received')).toBeInTheDocument();
    // Issue 29 point 6: received, to be checked; never 'successfully activated' unchecked.
    expect(screen.getByText(ACTIVATION_QUEUED.description)).toBeInTheDocument();
    expect(screen.queryByText('Your warranty has been successfully activated.')).toBeNull();
    expect(await outbox(session)).toEqual([
      {
        name: 'chair.activateWarranty',
        args: { serialNumber: 'S30-NOWHERE', deliveryDate: daysAgo(0) },
      },
    ]);
    expect(session.serialLookups).toEqual([]);
    // Issue 29 point 6: received, to be checked; never 'successfully activated' unchecked.
    expect(screen.getByText(ACTIVATION_QUEUED.description)).toBeInTheDocument();
    expect(screen.queryByText('Your warranty has been successfully activated.')).toBeNull();
    // My Chairs shows it at once, ready for its test sheet (the model from the serial).
    expect(await session.db.chairs.get(provisionalChairId('S30-NOWHERE'))).toMatchObject({
      serialNumber: 'S30-NOWHERE',
      model: 'S30',
      status: 'REGISTERED',
      testSheet: null,
    });
  });

  it('says Failed to activate warranty when the device cannot store it, and keeps the input', async () => {
    const user = userEvent.setup();
    const session = await renderWarranty();
    await user.type(await screen.findByLabelText(/Serial Number/), 'S30-STOCK');
    // The lookup has answered (it is read from the mirror): Activate Warranty is enabled then.
    await screen.findByText('Found: S30 Sigma');
    await user.type(screen.getByLabelText(/Delivery Date/), daysAgo(1));
    failNextWrite(session);
    await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
    expect(await screen.findByText('Failed to activate warranty')).toBeInTheDocument();
    expect(screen.getByLabelText(/Serial Number/)).toHaveValue('S30-STOCK');
    expect(screen.getByLabelText(/Delivery Date/)).toHaveValue(daysAgo(1));
    expect(await outbox(session)).toEqual([]);
  });

  it('when the server cannot answer, queues the serial to be checked when sent', async () => {
    const user = userEvent.setup();
    const session = await renderWarranty('unreachable');
    await user.type(await screen.findByLabelText(/Serial Number/), 'S30-ELSEWHERE');
    expect(await screen.findByText(SERIAL_CHECKED_LATER)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Delivery Date/), daysAgo(0));
    await user.click(screen.getByRole('button', { name: 'Activate Warranty' }));
    expect(await screen.findByText('Warranty activation received')).toBeInTheDocument();
    expect(screen.getByText(ACTIVATION_QUEUED.description)).toBeInTheDocument();
    expect(screen.queryByText('Your warranty has been successfully activated.')).toBeNull();
    expect((await outbox(session))[0]?.name).toBe('chair.activateWarranty');
  });
});
