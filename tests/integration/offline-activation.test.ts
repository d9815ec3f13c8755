// A customer's phone against the real local server (issue 15): offline, the warranty of a
// delivered chair the mirror does not hold is activated and its test sheet submitted before any
// sync. The activation's local effect shows a stand-in chair (provisionalChairId); the sheet is
// queued on it and names the chair by serial. Back online the outbox replays in order: the
// server ends with exactly one chair, one sheet and the warranty confirmed, and the mirror with
// the server's row only. A refused activation leaves no ghost chair: it and the sheet queued on
// it wait in needs-attention in SPEC's words with the customer's input, to retry or discard.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { performMutation } from '../../src/data/actions';
import { loadMyChairs } from '../../src/data/queries/customer';
import { isProvisionalChair, provisionalChairId } from '../../src/domain/chairs';
import { discardEntry, pullAll, retryEntry } from '../../sync';
import { signUpActor } from './actors';
import {
  mirrorView,
  openNetDevice,
  pushDeviceOutbox,
  serverView,
  type Device,
  type Net,
} from './devices';
import { closeOpsBackend, openOpsBackend } from './ops-harness';

let db: Database;
let running: RunningServer;
let phone: Device<Net>;
const checks = { partsArrived: true, powersOn: true, movementOK: true, waterAirOK: true };
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  const actor = await signUpActor(running.url, 'CUSTOMER', 'Olivia Offline');
  phone = openNetDevice(actor);
});

afterAll(async () => {
  phone?.mirror.close();
  await closeOpsBackend(db, running);
});

async function deliveredChair(): Promise<{ id: string; serial: string }> {
  const serial = `S30-IT-${randomUUID().slice(0, 8)}`;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.chairs (serial_number, model, model_name, status)
     values ($1, 'S30', 'S30 Sigma', 'DELIVERED') returning id`,
    [serial],
  );
  return { id: rows[0]!.id, serial };
}

const sync = async () => {
  const pushed = await pushDeviceOutbox(phone);
  if (!pushed.stop) await pullAll(phone.mirror, phone.transport);
  return pushed;
};

const perform = (name: Parameters<typeof performMutation>[2], input: unknown) =>
  performMutation(phone.mirror, phone.actor.id, name, input as never);

const mine = () => loadMyChairs(phone.mirror, phone.actor.id);

describe('warranty activation and test sheet before any sync', () => {
  it('ends with one chair, one sheet and the warranty confirmed, on the server and the phone', async () => {
    await sync();
    const chair = await deliveredChair();
    phone.net.online = false;

    await perform('chair.activateWarranty', { serialNumber: chair.serial, deliveryDate: today() });
    const [standIn] = await mine();
    expect(standIn).toMatchObject({
      serialNumber: chair.serial,
      model: 'S30',
      status: 'REGISTERED',
    });
    expect(isProvisionalChair(standIn!)).toBe(true);
    await perform('chair.submitTestSheet', {
      chairId: standIn!.id,
      serialNumber: standIn!.serialNumber,
      ...checks,
    });
    expect((await mine())[0]?.warranty?.confirmed).toBe(true);
    expect((await sync()).stop?.kind).toBe('transient');

    phone.net.online = true;
    expect(await sync()).toEqual({ accepted: 2, rejected: 0 });

    const { rows } = await db.query<{
      id: string;
      owner_user_id: string;
      warranty: unknown;
      test_sheet: unknown;
    }>(
      `select id, owner_user_id, warranty, test_sheet from public.chairs where serial_number = $1`,
      [chair.serial],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: chair.id,
      owner_user_id: phone.actor.id,
      warranty: { confirmed: true, warrantyYears: 5 },
      test_sheet: checks,
    });
    expect(await mine()).toEqual([
      expect.objectContaining({ id: chair.id, serialNumber: chair.serial }),
    ]);
    expect(await phone.mirror.chairs.get(provisionalChairId(chair.serial))).toBeUndefined();
    expect(await phone.mirror.shadows.count()).toBe(0);
    expect(await phone.mirror.outbox.count()).toBe(0);
    expect((await mirrorView(phone.mirror)).chairs).toEqual((await serverView(phone.actor)).chairs);
  });

  it('shows the chair once when the answer to the activation is lost and the row is pulled first', async () => {
    const chair = await deliveredChair();
    await perform('chair.activateWarranty', { serialNumber: chair.serial, deliveryDate: today() });
    phone.net.dropNextResponse = true;
    expect((await pushDeviceOutbox(phone)).stop?.kind).toBe('transient');
    await pullAll(phone.mirror, phone.transport);
    // Both rows are in the mirror for now; My Chairs lists the server's.
    expect(await phone.mirror.chairs.where('serialNumber').equals(chair.serial).count()).toBe(2);
    expect((await mine()).filter((c) => c.serialNumber === chair.serial)).toEqual([
      expect.objectContaining({ id: chair.id }),
    ]);
    expect(await sync()).toEqual({ accepted: 1, rejected: 0 });
    expect(
      await phone.mirror.chairs.where('serialNumber').equals(chair.serial).primaryKeys(),
    ).toEqual([chair.id]);
  });

  it('a refused activation leaves no ghost chair; it and its sheet wait in needs-attention', async () => {
    const serial = `S30-NOT-IN-INVENTORY-${randomUUID().slice(0, 8)}`;
    phone.net.online = false;
    const activation = await perform('chair.activateWarranty', {
      serialNumber: serial,
      deliveryDate: today(),
    });
    const sheet = await perform('chair.submitTestSheet', {
      chairId: provisionalChairId(serial),
      serialNumber: serial,
      ...checks,
      notes: 'All fine',
    });
    expect((await mine()).map((c) => c.serialNumber)).toContain(serial);

    phone.net.online = true;
    expect(await sync()).toEqual({ accepted: 0, rejected: 2 });
    expect((await mine()).map((c) => c.serialNumber)).not.toContain(serial);
    expect(await phone.mirror.chairs.get(provisionalChairId(serial))).toBeUndefined();
    const waiting = await phone.mirror.outbox.where('status').equals('rejected').sortBy('seq');
    expect(waiting.map((e) => [e.name, e.rejection?.message, e.args])).toEqual([
      [
        'chair.activateWarranty',
        'Serial number not found in inventory',
        { serialNumber: serial, deliveryDate: today() },
      ],
      [
        'chair.submitTestSheet',
        'Chair not found',
        { chairId: provisionalChairId(serial), serialNumber: serial, ...checks, notes: 'All fine' },
      ],
    ]);
    const { rows } = await db.query(`select 1 from public.chairs where serial_number = $1`, [
      serial,
    ]);
    expect(rows).toHaveLength(0);

    // Retry puts the stand-in back (with the sheet on it) until the server answers again.
    phone.net.online = false;
    await retryEntry(phone.mirror, activation.id);
    await retryEntry(phone.mirror, sheet.id);
    const retried = (await mine()).find((c) => c.serialNumber === serial);
    expect(retried?.testSheet).toMatchObject(checks);

    // Refused again; discarding both leaves nothing behind.
    phone.net.online = true;
    expect(await sync()).toEqual({ accepted: 0, rejected: 2 });
    await discardEntry(phone.mirror, activation.id);
    await discardEntry(phone.mirror, sheet.id);
    expect(await phone.mirror.outbox.count()).toBe(0);
    expect(await phone.mirror.shadows.count()).toBe(0);
    expect((await mirrorView(phone.mirror)).chairs).toEqual((await serverView(phone.actor)).chairs);
  });
});
