// Guarded operations for equipment (supabase/migrations/20261123000006_chairs.sql and
// 20261123000007_part_requests.sql): chair.register, chair.activateWarranty,
// chair.submitTestSheet, chair.extendWarranty, installation.complete and partRequest.create,
// called through supabase-js as each role.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { checklistItemIds } from '../../src/domain/installation-checklist';
import { callOp, rowOf, signUpActor, type Actor, type RpcOutcome } from './actors';
import {
  closeOpsBackend,
  expectForbiddenFor,
  expectRefusedAs,
  openOpsBackend,
  secondSession,
} from './ops-harness';

const DAY_MS = 86_400_000;

interface WarrantyJson {
  activatedAt: string;
  confirmed: boolean;
  warrantyYears: number;
  extensionPurchased: boolean;
  extensionYears: number;
}

interface HistoryEntry {
  id: string;
  type: string;
  date: string;
  engineerId: string;
  engineerName: string;
  engineerPhone: string | null;
  duration: number | null;
  workPerformed: string;
  partsReplaced: unknown[];
  conditionBefore: string | null;
  conditionAfter: string;
  recommendations: string | null;
  followUpRequired: boolean;
  warrantyWork: boolean;
  cost: number;
}

interface ServiceJson {
  lastServiceDate: string;
  nextServiceDue: string;
  serviceHistory: HistoryEntry[];
}

interface ChairRow {
  id: string;
  serial_number: string;
  status: string;
  owner_user_id: string | null;
  delivery_date: string | null;
  warranty: WarrantyJson | null;
  test_sheet: Record<string, unknown> | null;
  service: ServiceJson | null;
  updated_at: string;
}

let db: Database;
let running: RunningServer;
let alice: Actor;
let bob: Actor;
let eve: Actor;
let ed: Actor;
let ada: Actor;
let vic: Actor;

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  [alice, bob, eve, ed, ada, vic] = await Promise.all([
    signUpActor(running.url, 'CUSTOMER', 'Alice Customer'),
    signUpActor(running.url, 'CUSTOMER', 'Bob Customer'),
    signUpActor(running.url, 'ENGINEER', 'Eve Engineer'),
    signUpActor(running.url, 'ENGINEER', 'Ed Engineer'),
    signUpActor(running.url, 'ADMIN', 'Ada Admin'),
    signUpActor(running.url, 'VENDOR', 'Vic Vendor'),
  ]);
  await db.query(`update public.users set phone = '07700 900123' where id = $1`, [eve.id]);
});

afterAll(() => closeOpsBackend(db, running));

let serialCounter = 0;
function newSerial(): string {
  serialCounter += 1;
  return `SN-${serialCounter}-${randomUUID().slice(0, 8)}`;
}

interface ChairSeed {
  serial?: string;
  status?: 'IN_STOCK' | 'DELIVERED' | 'REGISTERED';
  owner?: Actor;
  warranty?: Partial<WarrantyJson>;
  testSheet?: Record<string, unknown>;
  service?: Partial<ServiceJson>;
}

/** Inserts a chair as the superuser and returns it. */
async function seedChair(seed: ChairSeed = {}): Promise<ChairRow> {
  const { rows } = await db.query<{ row: ChairRow }>(
    `insert into public.chairs (serial_number, model, status, owner_user_id, warranty, test_sheet, service)
     values ($1, 'S30', $2, $3, $4::jsonb, $5::jsonb, $6::jsonb)
     returning to_jsonb(chairs) as row`,
    [
      seed.serial ?? newSerial(),
      seed.status ?? 'IN_STOCK',
      seed.owner?.id ?? null,
      seed.warranty ? JSON.stringify(seed.warranty) : null,
      seed.testSheet ? JSON.stringify(seed.testSheet) : null,
      seed.service ? JSON.stringify(seed.service) : null,
    ],
  );
  return rows[0]!.row;
}

/** A chair registered to `owner` with a warranty (confirmed unless told otherwise). */
function ownedChair(owner: Actor, warranty: Partial<WarrantyJson> = {}): Promise<ChairRow> {
  return seedChair({
    status: 'REGISTERED',
    owner,
    warranty: {
      activatedAt: new Date().toISOString(),
      confirmed: true,
      warrantyYears: 5,
      extensionPurchased: false,
      extensionYears: 0,
      ...warranty,
    },
  });
}

async function chairRow(id: string): Promise<ChairRow> {
  const { rows } = await db.query<{ row: ChairRow }>(
    `select to_jsonb(c) as row from public.chairs c where c.id = $1`,
    [id],
  );
  return rows[0]!.row;
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params);
  return rows[0]!.n;
}

function chairOf(outcome: RpcOutcome): ChairRow {
  return rowOf(outcome, 'chairs') as unknown as ChairRow;
}

const daysAgo = (days: number, extraMs = 0): string =>
  new Date(Date.now() - days * DAY_MS + extraMs).toISOString();

// ---------------------------------------------------------------------------------------------
describe('chair.register', () => {
  it('registers an in-stock chair to the customer by its trimmed serial with a new 5-year warranty', async () => {
    const chair = await seedChair();
    const before = Date.now();
    const out = await callOp(alice, 'chair.register', {
      serialNumber: `  ${chair.serial_number}  `,
      deliveryDate: '2026-11-01',
    });
    expect(out.error).toBeNull();
    const row = chairOf(out);
    expect(row.id).toBe(chair.id);
    expect(row.owner_user_id).toBe(alice.id);
    expect(row.status).toBe('REGISTERED');
    expect(new Date(row.delivery_date!).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(row.warranty).toEqual({
      activatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      confirmed: false,
      warrantyYears: 5,
      extensionPurchased: false,
      extensionYears: 0,
    });
    const activated = Date.parse(row.warranty!.activatedAt);
    expect(activated).toBeGreaterThanOrEqual(before - 5_000);
    expect(activated).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(await chairRow(chair.id)).toEqual(row);
  });

  it('registers a delivered chair too', async () => {
    const chair = await seedChair({ status: 'DELIVERED' });
    const out = await callOp(alice, 'chair.register', {
      serialNumber: chair.serial_number,
      deliveryDate: daysAgo(30),
    });
    expect(chairOf(out).status).toBe('REGISTERED');
  });

  it("refuses an unknown serial with 'Chair not found', matching case-sensitively", async () => {
    const chair = await seedChair({ serial: `ab-${randomUUID()}` });
    const out = await callOp(alice, 'chair.register', {
      serialNumber: chair.serial_number.toUpperCase(),
      deliveryDate: '2026-11-01',
    });
    expectRefusedAs(out, 404, 'not_found', 'Chair not found');
    expect((await chairRow(chair.id)).status).toBe('IN_STOCK');
  });

  it('refuses a chair that is already registered, so another customer cannot take it', async () => {
    const chair = await seedChair();
    expect(
      (
        await callOp(alice, 'chair.register', {
          serialNumber: chair.serial_number,
          deliveryDate: '2026-11-01',
        })
      ).error,
    ).toBeNull();
    const stored = await chairRow(chair.id);
    const out = await callOp(bob, 'chair.register', {
      serialNumber: chair.serial_number,
      deliveryDate: '2026-11-02',
    });
    expectRefusedAs(out, 409, 'conflict', 'This chair is already registered');
    expect(await chairRow(chair.id)).toEqual(stored);
  });

  it('requires a serial number and a valid delivery date', async () => {
    const chair = await seedChair();
    expectRefusedAs(
      await callOp(alice, 'chair.register', { serialNumber: '   ', deliveryDate: '2026-11-01' }),
      400,
      'validation',
      'Serial number is required',
    );
    expectRefusedAs(
      await callOp(alice, 'chair.register', { deliveryDate: '2026-11-01' }),
      400,
      'validation',
      'Serial number is required',
    );
    expectRefusedAs(
      await callOp(alice, 'chair.register', {
        serialNumber: chair.serial_number,
        deliveryDate: '',
      }),
      400,
      'validation',
      'Delivery date is required',
    );
    expectRefusedAs(
      await callOp(alice, 'chair.register', {
        serialNumber: chair.serial_number,
        deliveryDate: 'now',
      }),
      400,
      'validation',
      'Delivery date must be a valid date',
    );
    expect((await chairRow(chair.id)).status).toBe('IN_STOCK');
  });

  it('answers ill-typed args with 400, not 500', async () => {
    for (const args of [
      { serialNumber: 42, deliveryDate: '2026-11-01' },
      { serialNumber: 'X', deliveryDate: 20261101 },
      { serialNumber: ['X'], deliveryDate: { at: 1 } },
    ]) {
      expectRefusedAs(await callOp(alice, 'chair.register', args), 400, 'validation');
    }
  });

  it('is refused for engineers, admins and vendors', async () => {
    const chair = await seedChair();
    await expectForbiddenFor([eve, ada, vic], 'chair.register', {
      serialNumber: chair.serial_number,
      deliveryDate: '2026-11-01',
    });
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('returns the first result on replay and changes nothing', async () => {
    const chair = await seedChair();
    const id = randomUUID();
    const args = { serialNumber: chair.serial_number, deliveryDate: '2026-11-01' };
    const first = await callOp(alice, 'chair.register', args, id);
    const stored = await chairRow(chair.id);
    const again = await callOp(alice, 'chair.register', args, id);
    expect(again.error).toBeNull();
    expect(again.data).toEqual(first.data);
    expect(await chairRow(chair.id)).toEqual(stored);
  });

  it('lets exactly one of two customers registering the same chair at once win', async () => {
    const chair = await seedChair();
    const args = { serialNumber: chair.serial_number, deliveryDate: '2026-11-01' };
    const [a, b] = await Promise.all([
      callOp(alice, 'chair.register', args),
      callOp(bob, 'chair.register', args),
    ]);
    const winners = [a, b].filter((o) => o.error === null);
    const losers = [a, b].filter((o) => o.error !== null);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expectRefusedAs(losers[0]!, 409, 'conflict', 'This chair is already registered');
    expect((await chairRow(chair.id)).owner_user_id).toBe(chairOf(winners[0]!).owner_user_id);
  });
});

// ---------------------------------------------------------------------------------------------
describe('chair.activateWarranty', () => {
  const windowMessage = 'Warranty must be activated within 14 days of delivery';

  it('activates on day 14 after delivery', async () => {
    const chair = await seedChair({ status: 'DELIVERED' });
    const delivered = daysAgo(14, 60_000);
    const out = await callOp(alice, 'chair.activateWarranty', {
      serialNumber: chair.serial_number,
      deliveryDate: delivered,
    });
    expect(out.error).toBeNull();
    const row = chairOf(out);
    expect(row.owner_user_id).toBe(alice.id);
    expect(row.status).toBe('REGISTERED');
    expect(new Date(row.delivery_date!).toISOString()).toBe(delivered);
    expect(row.warranty).toMatchObject({
      confirmed: false,
      warrantyYears: 5,
      extensionPurchased: false,
      extensionYears: 0,
    });
  });

  it('activates on the day of delivery', async () => {
    const chair = await seedChair();
    const out = await callOp(alice, 'chair.activateWarranty', {
      serialNumber: chair.serial_number,
      deliveryDate: daysAgo(0, -60_000),
    });
    expect(chairOf(out).status).toBe('REGISTERED');
  });

  it('refuses day 15, a delivery date tomorrow and an invalid date', async () => {
    const chair = await seedChair();
    for (const deliveryDate of [daysAgo(15), daysAgo(14, -60_000), daysAgo(-1), 'not a date']) {
      expectRefusedAs(
        await callOp(alice, 'chair.activateWarranty', {
          serialNumber: chair.serial_number,
          deliveryDate,
        }),
        400,
        'validation',
        windowMessage,
      );
    }
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('requires a serial number and a delivery date', async () => {
    expectRefusedAs(
      await callOp(alice, 'chair.activateWarranty', {
        serialNumber: ' ',
        deliveryDate: daysAgo(1),
      }),
      400,
      'validation',
      'Serial number is required',
    );
    expectRefusedAs(
      await callOp(alice, 'chair.activateWarranty', { serialNumber: 'SN-X' }),
      400,
      'validation',
      'Delivery date is required',
    );
  });

  it("answers an unknown or already registered serial with 'Serial number not found in inventory'", async () => {
    expectRefusedAs(
      await callOp(alice, 'chair.activateWarranty', {
        serialNumber: `missing-${randomUUID()}`,
        deliveryDate: daysAgo(1),
      }),
      404,
      'not_found',
      'Serial number not found in inventory',
    );
    const taken = await ownedChair(alice);
    expectRefusedAs(
      await callOp(bob, 'chair.activateWarranty', {
        serialNumber: taken.serial_number,
        deliveryDate: daysAgo(1),
      }),
      404,
      'not_found',
      'Serial number not found in inventory',
    );
    expect(await chairRow(taken.id)).toEqual(taken);
  });

  it('answers ill-typed args with 400', async () => {
    expectRefusedAs(
      await callOp(alice, 'chair.activateWarranty', { serialNumber: 7, deliveryDate: daysAgo(1) }),
      400,
      'validation',
    );
    expectRefusedAs(
      await callOp(alice, 'chair.activateWarranty', { serialNumber: 'X', deliveryDate: true }),
      400,
      'validation',
    );
  });

  it('is refused for engineers, admins and vendors', async () => {
    const chair = await seedChair();
    await expectForbiddenFor([eve, ada, vic], 'chair.activateWarranty', {
      serialNumber: chair.serial_number,
      deliveryDate: daysAgo(1),
    });
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('returns the first result on replay and changes nothing', async () => {
    const chair = await seedChair();
    const id = randomUUID();
    const args = { serialNumber: chair.serial_number, deliveryDate: daysAgo(2) };
    const first = await callOp(alice, 'chair.activateWarranty', args, id);
    expect(first.error).toBeNull();
    const stored = await chairRow(chair.id);
    const again = await callOp(alice, 'chair.activateWarranty', args, id);
    expect(again.data).toEqual(first.data);
    expect(await chairRow(chair.id)).toEqual(stored);
  });
});

// ---------------------------------------------------------------------------------------------
describe('chair.submitTestSheet', () => {
  const allPassed = { partsArrived: true, powersOn: true, movementOK: true, waterAirOK: true };

  it('stores the sheet and confirms the warranty when all four checks pass', async () => {
    const chair = await ownedChair(alice, { confirmed: false });
    const out = await callOp(alice, 'chair.submitTestSheet', {
      chairId: chair.id,
      ...allPassed,
      notes: 'All good',
    });
    expect(out.error).toBeNull();
    const row = chairOf(out);
    expect(row.test_sheet).toEqual({
      ...allPassed,
      notes: 'All good',
      submittedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(row.warranty).toEqual({ ...chair.warranty, confirmed: true });
  });

  it('records 3 of 4 passing checks without confirming the warranty', async () => {
    const chair = await ownedChair(alice, { confirmed: false });
    const out = await callOp(alice, 'chair.submitTestSheet', {
      chairId: chair.id,
      ...allPassed,
      waterAirOK: false,
    });
    const row = chairOf(out);
    expect(row.test_sheet).toMatchObject({ ...allPassed, waterAirOK: false, notes: null });
    expect(row.warranty?.confirmed).toBe(false);
    expect(row.warranty).toEqual(chair.warranty);
  });

  it('refuses a second sheet for the same chair', async () => {
    const chair = await ownedChair(alice, { confirmed: false });
    await callOp(alice, 'chair.submitTestSheet', {
      chairId: chair.id,
      ...allPassed,
      powersOn: false,
    });
    const stored = await chairRow(chair.id);
    expectRefusedAs(
      await callOp(alice, 'chair.submitTestSheet', { chairId: chair.id, ...allPassed }),
      409,
      'conflict',
      'A test sheet has already been submitted for this chair',
    );
    expect(await chairRow(chair.id)).toEqual(stored);
  });

  it("answers an unknown chair or another customer's chair with 'Chair not found'", async () => {
    expectRefusedAs(
      await callOp(alice, 'chair.submitTestSheet', { chairId: randomUUID(), ...allPassed }),
      404,
      'not_found',
      'Chair not found',
    );
    const bobs = await ownedChair(bob, { confirmed: false });
    expectRefusedAs(
      await callOp(alice, 'chair.submitTestSheet', { chairId: bobs.id, ...allPassed }),
      404,
      'not_found',
      'Chair not found',
    );
    expect(await chairRow(bobs.id)).toEqual(bobs);
  });

  it("finds a chair activated offline by its serial number among the caller's chairs", async () => {
    // The device's stand-in id (provisionalChairId) means nothing here: the serial names it.
    const chair = await ownedChair(alice, { confirmed: false });
    const out = await callOp(alice, 'chair.submitTestSheet', {
      chairId: randomUUID(),
      serialNumber: ` ${chair.serial_number} `,
      ...allPassed,
    });
    expect(out.error).toBeNull();
    const row = chairOf(out);
    expect(row.id).toBe(chair.id);
    expect(row.test_sheet).toMatchObject(allPassed);
    expect(row.warranty).toEqual({ ...chair.warranty, confirmed: true });
    expectRefusedAs(
      await callOp(alice, 'chair.submitTestSheet', {
        chairId: randomUUID(),
        serialNumber: chair.serial_number,
        ...allPassed,
      }),
      409,
      'conflict',
      'A test sheet has already been submitted for this chair',
    );
  });

  it("answers a serial that is not one of the caller's chairs with 'Chair not found'", async () => {
    const bobs = await ownedChair(bob, { confirmed: false });
    const unowned = await seedChair({ status: 'DELIVERED' });
    for (const serialNumber of [
      bobs.serial_number,
      unowned.serial_number,
      `NONE-${randomUUID()}`,
    ]) {
      expectRefusedAs(
        await callOp(alice, 'chair.submitTestSheet', {
          chairId: randomUUID(),
          serialNumber,
          ...allPassed,
        }),
        404,
        'not_found',
        'Chair not found',
      );
    }
    expect(await chairRow(bobs.id)).toEqual(bobs);
    expect(await chairRow(unowned.id)).toEqual(unowned);
  });

  it('requires the four checks as booleans', async () => {
    const chair = await ownedChair(alice, { confirmed: false });
    const { waterAirOK: _omitted, ...threeChecks } = allPassed;
    for (const args of [
      { chairId: chair.id, ...threeChecks },
      { chairId: chair.id, ...allPassed, powersOn: 'true' },
      { chairId: chair.id, ...allPassed, movementOK: null },
      { chairId: 'chair-1', ...allPassed },
      { chairId: chair.id, ...allPassed, notes: 5 },
      { chairId: chair.id, ...allPassed, serialNumber: 7 },
    ]) {
      expectRefusedAs(await callOp(alice, 'chair.submitTestSheet', args), 400, 'validation');
    }
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('is refused for engineers, admins and vendors', async () => {
    const chair = await ownedChair(alice, { confirmed: false });
    await expectForbiddenFor([eve, ada, vic], 'chair.submitTestSheet', {
      chairId: chair.id,
      ...allPassed,
    });
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('returns the first result on replay and changes nothing', async () => {
    const chair = await ownedChair(alice, { confirmed: false });
    const id = randomUUID();
    const first = await callOp(
      alice,
      'chair.submitTestSheet',
      { chairId: chair.id, ...allPassed },
      id,
    );
    const stored = await chairRow(chair.id);
    const again = await callOp(
      alice,
      'chair.submitTestSheet',
      { chairId: chair.id, ...allPassed },
      id,
    );
    expect(again.error).toBeNull();
    expect(again.data).toEqual(first.data);
    expect(await chairRow(chair.id)).toEqual(stored);
  });
});

// ---------------------------------------------------------------------------------------------
describe('chair.extendWarranty', () => {
  it('adds 3 years to a confirmed 5-year warranty: 8 years, 3 extension years', async () => {
    const chair = await ownedChair(alice);
    const out = await callOp(alice, 'chair.extendWarranty', { chairId: chair.id, years: 3 });
    expect(out.error).toBeNull();
    expect(chairOf(out).warranty).toEqual({
      ...chair.warranty,
      extensionPurchased: true,
      extensionYears: 3,
      warrantyYears: 8,
    });
    const more = await callOp(alice, 'chair.extendWarranty', { chairId: chair.id, years: 5 });
    expect(chairOf(more).warranty).toMatchObject({ extensionYears: 8, warrantyYears: 13 });
  });

  it('defaults missing years to 5 and 0 before adding', async () => {
    const chair = await seedChair({
      status: 'REGISTERED',
      owner: alice,
      warranty: { activatedAt: new Date().toISOString(), confirmed: true },
    });
    const out = await callOp(alice, 'chair.extendWarranty', { chairId: chair.id, years: 5 });
    expect(chairOf(out).warranty).toMatchObject({
      extensionPurchased: true,
      extensionYears: 5,
      warrantyYears: 10,
    });
  });

  it('offers only 3 or 5 years', async () => {
    const chair = await ownedChair(alice);
    for (const years of [4, 0, -3, 3.5, '3', null]) {
      expectRefusedAs(
        await callOp(alice, 'chair.extendWarranty', { chairId: chair.id, years }),
        400,
        'validation',
        'Extension must be 3 or 5 years',
      );
    }
    expectRefusedAs(
      await callOp(alice, 'chair.extendWarranty', { chairId: chair.id }),
      400,
      'validation',
      'Extension must be 3 or 5 years',
    );
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('extends only a confirmed warranty', async () => {
    const chair = await ownedChair(alice, { confirmed: false });
    expectRefusedAs(
      await callOp(alice, 'chair.extendWarranty', { chairId: chair.id, years: 3 }),
      400,
      'validation',
      'Only a confirmed warranty can be extended',
    );
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it("answers an unknown chair or another customer's chair with 'Chair not found'", async () => {
    expectRefusedAs(
      await callOp(alice, 'chair.extendWarranty', { chairId: randomUUID(), years: 3 }),
      404,
      'not_found',
      'Chair not found',
    );
    const bobs = await ownedChair(bob);
    expectRefusedAs(
      await callOp(alice, 'chair.extendWarranty', { chairId: bobs.id, years: 3 }),
      404,
      'not_found',
      'Chair not found',
    );
    expect(await chairRow(bobs.id)).toEqual(bobs);
    expectRefusedAs(
      await callOp(alice, 'chair.extendWarranty', { chairId: 12, years: 3 }),
      400,
      'validation',
    );
  });

  it('is refused for engineers, admins and vendors', async () => {
    const chair = await ownedChair(alice);
    await expectForbiddenFor([eve, ada, vic], 'chair.extendWarranty', {
      chairId: chair.id,
      years: 3,
    });
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('returns the first result on replay and adds the years only once', async () => {
    const chair = await ownedChair(alice);
    const id = randomUUID();
    const first = await callOp(alice, 'chair.extendWarranty', { chairId: chair.id, years: 3 }, id);
    const stored = await chairRow(chair.id);
    const again = await callOp(alice, 'chair.extendWarranty', { chairId: chair.id, years: 3 }, id);
    expect(again.data).toEqual(first.data);
    expect(await chairRow(chair.id)).toEqual(stored);
    expect(stored.warranty?.warrantyYears).toBe(8);
  });

  it('counts both of two extensions bought at the same time', async () => {
    const chair = await ownedChair(alice);
    const other = await secondSession(running.url, alice);
    const [a, b] = await Promise.all([
      callOp(alice, 'chair.extendWarranty', { chairId: chair.id, years: 3 }),
      callOp(other, 'chair.extendWarranty', { chairId: chair.id, years: 5 }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect((await chairRow(chair.id)).warranty).toMatchObject({
      extensionYears: 8,
      warrantyYears: 13,
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('installation.complete', () => {
  const signatureImage = `data:image/png;base64,${'A'.repeat(64)}`;
  const allTicked = (): Record<string, boolean> =>
    Object.fromEntries(checklistItemIds().map((id) => [id, true]));

  function installArgs(
    chairId: string,
    extra: Record<string, unknown> = {},
  ): Record<string, unknown> {
    return {
      id: randomUUID(),
      chairId,
      checklist: allTicked(),
      customerName: '  Dr Jane Smith ',
      signatureText: 'J Smith',
      signatureImage,
      notes: 'Check the water bottle seal at the annual service',
      ...extra,
    };
  }

  async function installationCount(chairId: string): Promise<number> {
    return count(`public.installations where chair_id = $1`, [chairId]);
  }

  it('records the installation, one history entry and the next service date; an in-stock chair becomes delivered', async () => {
    const chair = await seedChair();
    const args = installArgs(chair.id);
    const out = await callOp(eve, 'installation.complete', args);
    expect(out.error).toBeNull();
    const installation = rowOf(out, 'installations');
    expect(installation).toMatchObject({
      id: args.id,
      chair_id: chair.id,
      engineer_user_id: eve.id,
      customer_name: 'Dr Jane Smith',
      signature_text: 'J Smith',
      signature_image: signatureImage,
      notes: 'Check the water bottle seal at the annual service',
      checklist: allTicked(),
    });
    const completedAt = Date.parse(String(installation.completed_at));
    expect(Math.abs(completedAt - Date.now())).toBeLessThan(60_000);

    const row = chairOf(out);
    expect(row.status).toBe('DELIVERED');
    const history = row.service!.serviceHistory;
    expect(history).toHaveLength(1);
    expect(history[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'Installation',
      date: row.service!.lastServiceDate,
      engineerId: eve.id,
      engineerName: 'Eve Engineer',
      engineerPhone: '07700 900123',
      duration: null,
      workPerformed: 'New installation completed; accepted by Dr Jane Smith',
      partsReplaced: [],
      conditionBefore: null,
      conditionAfter: 'Installed and tested',
      recommendations: 'Check the water bottle seal at the annual service',
      followUpRequired: false,
      warrantyWork: true,
      cost: 0,
    });
    const last = new Date(row.service!.lastServiceDate);
    const next = new Date(row.service!.nextServiceDue);
    expect(Math.abs(last.getTime() - completedAt)).toBeLessThan(1_000);
    expect(next.getUTCFullYear()).toBe(last.getUTCFullYear() + 1);
    expect(next.getUTCMonth()).toBe(last.getUTCMonth());
    expect(await chairRow(chair.id)).toEqual(row);
    expect(await installationCount(chair.id)).toBe(1);
  });

  it("registers its customer's delivered chair, starting the warranty, and keeps earlier history, with no notes as null recommendations", async () => {
    const earlier = { id: randomUUID(), type: 'Annual', date: '2025-01-01T00:00:00.000Z' };
    const chair = await seedChair({
      status: 'DELIVERED',
      owner: alice,
      service: { serviceHistory: [earlier as unknown as HistoryEntry] },
    });
    const out = await callOp(
      eve,
      'installation.complete',
      installArgs(chair.id, { notes: undefined, customerUserId: alice.id }),
    );
    const row = chairOf(out);
    expect(row.status).toBe('REGISTERED');
    expect(row.owner_user_id).toBe(alice.id);
    expect(row.warranty).toMatchObject({ confirmed: false, warrantyYears: 5, extensionYears: 0 });
    expect(Math.abs(Date.parse(String(row.warranty?.activatedAt)) - Date.now())).toBeLessThan(
      60_000,
    );
    expect(row.service!.serviceHistory).toHaveLength(2);
    expect(row.service!.serviceHistory[0]).toEqual(earlier);
    expect(row.service!.serviceHistory[1]?.recommendations).toBeNull();
  });

  it('refuses a checklist with one item unticked or missing, and stores nothing', async () => {
    const chair = await seedChair();
    const ids = checklistItemIds();
    const unticked = { ...allTicked(), [ids[10]!]: false };
    const missing = allTicked();
    delete missing[ids[ids.length - 1]!];
    for (const checklist of [unticked, missing, {}, 'all', null, [true]]) {
      expectRefusedAs(
        await callOp(eve, 'installation.complete', installArgs(chair.id, { checklist })),
        400,
        'validation',
        'Every checklist item must be ticked',
      );
    }
    expect(await installationCount(chair.id)).toBe(0);
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('requires the customer name, the signature text and a drawn signature', async () => {
    const chair = await seedChair();
    const cases: [Record<string, unknown>, string][] = [
      [{ customerName: '   ' }, 'Customer name is required'],
      [{ customerName: undefined }, 'Customer name is required'],
      [{ signatureText: '' }, 'Signature is required'],
      [{ signatureImage: 'data:image/jpeg;base64,AAAA' }, 'Please sign in the box'],
      [{ signatureImage: '' }, 'Please sign in the box'],
      [
        { signatureImage: `data:image/png;base64,${'A'.repeat(300_000)}` },
        'The signature image is too large',
      ],
    ];
    for (const [extra, message] of cases) {
      expectRefusedAs(
        await callOp(eve, 'installation.complete', installArgs(chair.id, extra)),
        400,
        'validation',
        message,
      );
    }
    expect(await installationCount(chair.id)).toBe(0);
  });

  it('accepts a signature image of exactly 300000 characters', async () => {
    const chair = await seedChair();
    const prefix = 'data:image/png;base64,';
    const image = prefix + 'A'.repeat(300_000 - prefix.length);
    const out = await callOp(
      eve,
      'installation.complete',
      installArgs(chair.id, { signatureImage: image }),
    );
    expect(out.error).toBeNull();
    expect(rowOf(out, 'installations').signature_image).toBe(image);
  });

  it('refuses a chair that is not in stock or delivered, and changes nothing', async () => {
    const chair = await ownedChair(alice);
    const args = installArgs(chair.id, { customerUserId: alice.id });
    expectRefusedAs(
      await callOp(eve, 'installation.complete', args),
      409,
      'conflict',
      'Only a chair in stock or pending installation can be installed',
    );
    expect(await installationCount(chair.id)).toBe(0);
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it("refuses another customer's chair, or an owned chair verified as having none", async () => {
    const chair = await seedChair({ status: 'DELIVERED', owner: alice });
    for (const customerUserId of [bob.id, null]) {
      expectRefusedAs(
        await callOp(eve, 'installation.complete', installArgs(chair.id, { customerUserId })),
        409,
        'conflict',
        'This chair belongs to another customer',
      );
    }
    expect(await installationCount(chair.id)).toBe(0);
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it("answers an unknown chair with 'Chair not found'", async () => {
    const args = installArgs(randomUUID());
    expectRefusedAs(
      await callOp(eve, 'installation.complete', args),
      404,
      'not_found',
      'Chair not found',
    );
    expect(await count(`public.installations where id = $1`, [args.id])).toBe(0);
  });

  it('answers ill-typed args with 400', async () => {
    const chair = await seedChair();
    for (const extra of [
      { id: 5 },
      { id: 'not-a-uuid' },
      { chairId: null },
      { customerName: 7 },
      { signatureImage: 1 },
    ]) {
      expectRefusedAs(
        await callOp(eve, 'installation.complete', installArgs(chair.id, extra)),
        400,
        'validation',
      );
    }
    expect(await installationCount(chair.id)).toBe(0);
  });

  it('refuses a second installation with the same client id', async () => {
    const chair = await seedChair();
    const args = installArgs(chair.id);
    expect((await callOp(eve, 'installation.complete', args)).error).toBeNull();
    const stored = await chairRow(chair.id);
    expectRefusedAs(
      await callOp(eve, 'installation.complete', args),
      409,
      'conflict',
      'This installation has already been recorded',
    );
    expect(await chairRow(chair.id)).toEqual(stored);
  });

  it('is refused for customers, admins and vendors', async () => {
    const chair = await seedChair();
    await expectForbiddenFor([alice, ada, vic], 'installation.complete', installArgs(chair.id));
    expect(await installationCount(chair.id)).toBe(0);
    expect(await chairRow(chair.id)).toEqual(chair);
  });

  it('returns the first result on replay and adds no second history entry', async () => {
    const chair = await seedChair();
    const id = randomUUID();
    const args = installArgs(chair.id);
    const first = await callOp(eve, 'installation.complete', args, id);
    const stored = await chairRow(chair.id);
    const again = await callOp(eve, 'installation.complete', args, id);
    expect(again.error).toBeNull();
    expect(again.data).toEqual(first.data);
    expect(await chairRow(chair.id)).toEqual(stored);
    expect(stored.service!.serviceHistory).toHaveLength(1);
    expect(await installationCount(chair.id)).toBe(1);
  });

  it('keeps both history entries when two engineers complete at the same time', async () => {
    const chair = await seedChair();
    const [a, b] = await Promise.all([
      callOp(eve, 'installation.complete', installArgs(chair.id)),
      callOp(ed, 'installation.complete', installArgs(chair.id)),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    const history = (await chairRow(chair.id)).service!.serviceHistory;
    expect(history.map((e) => e.engineerId).sort()).toEqual([eve.id, ed.id].sort());
    expect(await installationCount(chair.id)).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------
describe('partRequest.create', () => {
  let pump: string;
  let pedal: string;
  let retired: string;

  beforeAll(async () => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `insert into public.parts (name, part_code, price, stock, deleted_at) values
         ('Hydraulic pump', 'HP-1', 100, 3, null),
         ('Foot pedal', 'FP-1', 20, 9, null),
         ('Old valve', 'OV-1', 5, 50, now())
       returning id, name`,
    );
    const byName = new Map(rows.map((r) => [r.name, r.id]));
    pump = byName.get('Hydraulic pump')!;
    pedal = byName.get('Foot pedal')!;
    retired = byName.get('Old valve')!;
  });

  async function stocks(): Promise<Record<string, number>> {
    const { rows } = await db.query<{ id: string; stock: number }>(
      `select id, stock from public.parts order by name`,
    );
    return Object.fromEntries(rows.map((r) => [r.id, r.stock]));
  }

  it('creates a PENDING request with duplicate parts summed, without touching stock', async () => {
    const chair = await ownedChair(alice);
    const before = await stocks();
    const id = randomUUID();
    const out = await callOp(alice, 'partRequest.create', {
      id,
      chairId: chair.id,
      items: [
        { partId: pump, qty: 1 },
        { partId: pedal, qty: 4 },
        { partId: pump, qty: 2 },
      ],
      notes: 'For the surgery upstairs',
    });
    expect(out.error).toBeNull();
    expect(rowOf(out, 'part_requests')).toMatchObject({
      id,
      user_id: alice.id,
      chair_id: chair.id,
      status: 'PENDING',
      notes: 'For the surgery upstairs',
      items: [
        { partId: pump, qty: 3 },
        { partId: pedal, qty: 4 },
      ],
    });
    expect(await stocks()).toEqual(before);
  });

  it('needs no chair', async () => {
    const out = await callOp(alice, 'partRequest.create', {
      id: randomUUID(),
      chairId: null,
      items: [{ partId: pedal, qty: 1 }],
    });
    expect(rowOf(out, 'part_requests').chair_id).toBeNull();
  });

  it("refuses an empty cart with 'Cart is empty'", async () => {
    for (const items of [[], undefined, null]) {
      expectRefusedAs(
        await callOp(alice, 'partRequest.create', { id: randomUUID(), items }),
        400,
        'validation',
        'Cart is empty',
      );
    }
  });

  it('refuses more than the stock, counting duplicate lines together', async () => {
    const id = randomUUID();
    expectRefusedAs(
      await callOp(alice, 'partRequest.create', { id, items: [{ partId: pump, qty: 4 }] }),
      400,
      'validation',
      'Only 3 of Hydraulic pump in stock',
    );
    expectRefusedAs(
      await callOp(alice, 'partRequest.create', {
        id,
        items: [
          { partId: pump, qty: 2 },
          { partId: pump, qty: 2 },
        ],
      }),
      400,
      'validation',
      'Only 3 of Hydraulic pump in stock',
    );
    expect(await count(`public.part_requests where id = $1`, [id])).toBe(0);
  });

  it("answers an unknown or deleted part with 'Part not found'", async () => {
    for (const partId of [randomUUID(), retired]) {
      expectRefusedAs(
        await callOp(alice, 'partRequest.create', {
          id: randomUUID(),
          items: [{ partId, qty: 1 }],
        }),
        404,
        'not_found',
        'Part not found',
      );
    }
  });

  it('needs whole quantities of at least 1', async () => {
    for (const qty of [0, -1, 1.5, '2', null]) {
      expectRefusedAs(
        await callOp(alice, 'partRequest.create', {
          id: randomUUID(),
          items: [{ partId: pedal, qty }],
        }),
        400,
        'validation',
      );
    }
  });

  it("refuses another customer's chair with 'Chair not found'", async () => {
    const bobs = await ownedChair(bob);
    expectRefusedAs(
      await callOp(alice, 'partRequest.create', {
        id: randomUUID(),
        chairId: bobs.id,
        items: [{ partId: pedal, qty: 1 }],
      }),
      404,
      'not_found',
      'Chair not found',
    );
  });

  it('answers ill-typed args with 400', async () => {
    for (const args of [
      { id: 'x', items: [{ partId: pedal, qty: 1 }] },
      { id: randomUUID(), items: 'pump' },
      { id: randomUUID(), items: [{ partId: 3, qty: 1 }] },
      { id: randomUUID(), items: ['pump'] },
      { id: randomUUID(), items: [{ partId: pedal, qty: 1 }], chairId: 9 },
    ]) {
      expectRefusedAs(await callOp(alice, 'partRequest.create', args), 400, 'validation');
    }
  });

  it('is refused for engineers, admins and vendors', async () => {
    const id = randomUUID();
    await expectForbiddenFor([eve, ada, vic], 'partRequest.create', {
      id,
      items: [{ partId: pedal, qty: 1 }],
    });
    expect(await count(`public.part_requests where id = $1`, [id])).toBe(0);
  });

  it('returns the first result on replay and creates one request', async () => {
    const mutationId = randomUUID();
    const args = { id: randomUUID(), items: [{ partId: pedal, qty: 2 }] };
    const first = await callOp(alice, 'partRequest.create', args, mutationId);
    const again = await callOp(alice, 'partRequest.create', args, mutationId);
    expect(again.error).toBeNull();
    expect(again.data).toEqual(first.data);
    expect(await count(`public.part_requests where id = $1`, [args.id])).toBe(1);
  });
});

describe('malformed calls', () => {
  it('answers args that are not an object with 400', async () => {
    for (const name of ['chair_register', 'installation_complete', 'part_request_create']) {
      const { error, status } = await alice.client.rpc(name, {
        mutation_id: randomUUID(),
        args: ['not', 'an', 'object'],
      });
      expect(status).toBe(name === 'installation_complete' ? 403 : 400);
      expect(error?.details).toBe(name === 'installation_complete' ? 'forbidden' : 'validation');
    }
  });
});
