// Local effects of the chair, warranty, installation, part-request and profile mutations (SPEC §4
// Warranty, Installation wizard; §5), run as the app runs them: performMutation into a
// fake-indexeddb mirror. The server side of the same cases is in
// tests/integration/mutation-parity.test.ts.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isProvisionalChair, modelFromSerial, provisionalChairId } from '../../domain/chairs';
import type { Chair, Part, User } from '../../domain/entities';
import { completedChecklist } from '../../domain/installation';
import { serviceStatus } from '../../domain/service-status';
import { warrantyState, type Warranty } from '../../domain/warranty';
import { performMutation } from '../actions';
import { openLocalDatabase, type ChairsideDatabase } from '../db';
import { MutationRejected } from '../local-store';

const ME = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-11-23T10:00:00.000Z');
const DAY_MS = 86_400_000;
const EARLIER = '2026-01-01T00:00:00.000Z';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const id = () => crypto.randomUUID();

let db: ChairsideDatabase;

const user = (fields: Partial<User> = {}): User => ({
  id: ME,
  email: 'me@example.com',
  name: 'Cathy Customer',
  role: 'CUSTOMER',
  phone: '0113 000',
  address: 'Leeds',
  profilePictureUrl: null,
  practice: null,
  engineer: null,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  deletedAt: null,
  ...fields,
});

const chair = (fields: Partial<Chair> = {}): Chair => ({
  id: id(),
  serialNumber: `SN-${id().slice(0, 8)}`,
  model: 'S30',
  modelName: 'S30 Sigma',
  configuration: null,
  deliveryDate: null,
  ownerUserId: ME,
  status: 'REGISTERED',
  warranty: null,
  testSheet: null,
  service: null,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  ...fields,
});

const part = (fields: Partial<Part> = {}): Part => ({
  id: id(),
  name: 'Foot pedal',
  partCode: 'FP-1',
  model: 'S30',
  diagramUrl: null,
  price: 40,
  stock: 10,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  deletedAt: null,
  ...fields,
});

/** A warranty activated so that `days` days are left at NOW (5 years). */
const warrantyWithDaysLeft = (days: number, confirmed = false): Warranty => {
  const activated = new Date(NOW.getTime() + days * DAY_MS - 12 * 3_600_000);
  activated.setUTCFullYear(activated.getUTCFullYear() - 5);
  return {
    activatedAt: activated.toISOString(),
    confirmed,
    warrantyYears: 5,
    extensionPurchased: false,
    extensionYears: 0,
  };
};

const perform = (name: Parameters<typeof performMutation>[2], input: unknown, now = NOW) =>
  performMutation(db, ME, name, input as never, { now });

async function refusal(promise: Promise<unknown>): Promise<[string, string]> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MutationRejected);
  const rejected = error as MutationRejected;
  return [rejected.errorClass, rejected.message];
}

beforeEach(async () => {
  db = openLocalDatabase(ME, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.users.put(user());
});

afterEach(() => db.close());

describe('chair.register and chair.activateWarranty', () => {
  it('registers an IN_STOCK chair: owner, delivery date, a new 5-year warranty from now', async () => {
    const inStock = chair({ status: 'IN_STOCK', ownerUserId: null });
    await db.chairs.put(inStock);
    await perform('chair.register', {
      serialNumber: ` ${inStock.serialNumber} `,
      deliveryDate: '2026-11-20',
    });
    expect(await db.chairs.get(inStock.id)).toMatchObject({
      ownerUserId: ME,
      status: 'REGISTERED',
      deliveryDate: '2026-11-20',
      warranty: {
        activatedAt: NOW.toISOString(),
        confirmed: false,
        warrantyYears: 5,
        extensionPurchased: false,
        extensionYears: 0,
      },
    });
  });

  it('leaves a serial the mirror does not hold to the server', async () => {
    const entry = await perform('chair.register', {
      serialNumber: 'ELSEWHERE',
      deliveryDate: '2026-11-20',
    });
    expect(entry.touches).toEqual([]);
  });

  it('refuses a chair already registered', async () => {
    const registered = chair();
    await db.chairs.put(registered);
    expect(
      await refusal(
        perform('chair.register', {
          serialNumber: registered.serialNumber,
          deliveryDate: '2026-11-20',
        }),
      ),
    ).toEqual(['conflict', 'This chair is already registered']);
    expect(
      await refusal(
        perform('chair.activateWarranty', {
          serialNumber: registered.serialNumber,
          deliveryDate: '2026-11-20',
        }),
      ),
    ).toEqual(['not_found', 'Serial number not found in inventory']);
  });

  it('activates within 14 days of delivery, to the minute', async () => {
    const delivered = chair({ status: 'DELIVERED', ownerUserId: null });
    await db.chairs.put(delivered);
    const late = new Date(NOW.getTime() - 14 * DAY_MS - 60_000).toISOString();
    expect(
      await refusal(
        perform('chair.activateWarranty', {
          serialNumber: delivered.serialNumber,
          deliveryDate: late,
        }),
      ),
    ).toEqual(['validation', 'Warranty must be activated within 14 days of delivery']);
    const inTime = new Date(NOW.getTime() - 14 * DAY_MS + 60_000).toISOString();
    await perform('chair.activateWarranty', {
      serialNumber: delivered.serialNumber,
      deliveryDate: inTime,
    });
    expect((await db.chairs.get(delivered.id))?.status).toBe('REGISTERED');
  });
});

describe('a warranty activated for a chair the mirror does not hold (issue 15)', () => {
  const checks = { partsArrived: true, powersOn: true, movementOK: true, waterAirOK: true };

  it('shows a stand-in chair, registered as the server will, with the model the lookup found', async () => {
    const entry = await perform('chair.activateWarranty', {
      serialNumber: ' ACME-77 ',
      deliveryDate: '2026-11-20',
      model: 'U500',
    });
    const standIn = await db.chairs.get(provisionalChairId('ACME-77'));
    expect(standIn).toMatchObject({
      serialNumber: 'ACME-77',
      model: 'U500',
      ownerUserId: ME,
      status: 'REGISTERED',
      deliveryDate: '2026-11-20',
      testSheet: null,
      warranty: { activatedAt: NOW.toISOString(), confirmed: false, warrantyYears: 5 },
    });
    expect(isProvisionalChair(standIn!)).toBe(true);
    expect(entry.touches).toEqual([`chairs:${provisionalChairId('ACME-77')}`]);
  });

  it('offline, takes the model from the serial; a serial that names none gets no stand-in', async () => {
    await perform('chair.activateWarranty', {
      serialNumber: 'u500-25-9',
      deliveryDate: '2026-11-20',
    });
    expect((await db.chairs.get(provisionalChairId('u500-25-9')))?.model).toBe('U500');
    const entry = await perform('chair.activateWarranty', {
      serialNumber: 'ZX-1',
      deliveryDate: '2026-11-20',
    });
    expect(entry.touches).toEqual([]);
    expect(await db.chairs.count()).toBe(1);
  });

  it("takes the stand-in's test sheet before any sync: all four passing confirm the warranty", async () => {
    await perform('chair.activateWarranty', {
      serialNumber: 'S30-25-0042',
      deliveryDate: '2026-11-20',
    });
    const chairId = provisionalChairId('S30-25-0042');
    await perform('chair.submitTestSheet', { chairId, serialNumber: 'S30-25-0042', ...checks });
    const stored = await db.chairs.get(chairId);
    expect(stored?.testSheet).toMatchObject(checks);
    expect(stored?.warranty?.confirmed).toBe(true);
  });

  it('a sheet naming its chair by serial leaves a chair the mirror no longer holds to the server', async () => {
    const entry = await perform('chair.submitTestSheet', {
      chairId: provisionalChairId('S30-GONE'),
      serialNumber: 'S30-GONE',
      ...checks,
    });
    expect(entry.touches).toEqual([]);
    expect(await refusal(perform('chair.submitTestSheet', { chairId: id(), ...checks }))).toEqual([
      'not_found',
      'Chair not found',
    ]);
  });

  it('refuses a second activation of the same serial', async () => {
    await perform('chair.activateWarranty', {
      serialNumber: 'S30-25-0043',
      deliveryDate: '2026-11-20',
    });
    expect(
      await refusal(
        perform('chair.activateWarranty', {
          serialNumber: 'S30-25-0043',
          deliveryDate: '2026-11-20',
        }),
      ),
    ).toEqual(['not_found', 'Serial number not found in inventory']);
  });

  it('the id is a UUID derived from the trimmed serial alone', () => {
    expect(provisionalChairId(' S30-1 ')).toBe(provisionalChairId('S30-1'));
    expect(provisionalChairId('S30-1')).not.toBe(provisionalChairId('S30-2'));
    expect(provisionalChairId('S30-1')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(isProvisionalChair(chair({ serialNumber: 'S30-1' }))).toBe(false);
    expect(modelFromSerial('S30-25-01001')).toBe('S30');
    expect(modelFromSerial('U500')).toBe('U500');
    expect(modelFromSerial('S300-1')).toBeNull();
  });
});

describe('chair.submitTestSheet', () => {
  const checks = { partsArrived: true, powersOn: true, movementOK: true, waterAirOK: true };

  it('confirms the warranty when all four checks pass', async () => {
    const mine = chair({ warranty: warrantyWithDaysLeft(90) });
    await db.chairs.put(mine);
    await perform('chair.submitTestSheet', { chairId: mine.id, ...checks, notes: 'ok' });
    const stored = await db.chairs.get(mine.id);
    expect(stored?.testSheet).toEqual({ ...checks, notes: 'ok', submittedAt: NOW.toISOString() });
    expect(stored?.warranty?.confirmed).toBe(true);
    expect(warrantyState(stored!.warranty!, NOW)).toBe('EXPIRING');
  });

  it('only records the results when a check fails', async () => {
    const mine = chair({ warranty: warrantyWithDaysLeft(91) });
    await db.chairs.put(mine);
    await perform('chair.submitTestSheet', { chairId: mine.id, ...checks, powersOn: false });
    const stored = await db.chairs.get(mine.id);
    expect(stored?.testSheet?.powersOn).toBe(false);
    expect(stored?.warranty).toEqual(mine.warranty);
  });

  it('refuses a second sheet and an unknown chair', async () => {
    const mine = chair({ testSheet: { ...checks, submittedAt: EARLIER } });
    await db.chairs.put(mine);
    expect(
      await refusal(perform('chair.submitTestSheet', { chairId: mine.id, ...checks })),
    ).toEqual(['conflict', 'A test sheet has already been submitted for this chair']);
    expect(await refusal(perform('chair.submitTestSheet', { chairId: id(), ...checks }))).toEqual([
      'not_found',
      'Chair not found',
    ]);
  });
});

describe('chair.extendWarranty', () => {
  it('adds 3 or 5 years to both extensionYears and warrantyYears', async () => {
    const mine = chair({ warranty: warrantyWithDaysLeft(-1, true) });
    await db.chairs.put(mine);
    await perform('chair.extendWarranty', { chairId: mine.id, years: 3 });
    await perform('chair.extendWarranty', { chairId: mine.id, years: 5 });
    const warranty = (await db.chairs.get(mine.id))?.warranty;
    expect(warranty).toMatchObject({
      extensionPurchased: true,
      extensionYears: 8,
      warrantyYears: 13,
    });
    expect(warrantyState(warranty!, NOW)).toBe('ACTIVE');
  });

  it('refuses an unconfirmed warranty, an unknown chair and other lengths', async () => {
    const mine = chair({ warranty: warrantyWithDaysLeft(300) });
    await db.chairs.put(mine);
    expect(await refusal(perform('chair.extendWarranty', { chairId: mine.id, years: 3 }))).toEqual([
      'validation',
      'Only a confirmed warranty can be extended',
    ]);
    expect(await refusal(perform('chair.extendWarranty', { chairId: id(), years: 3 }))).toEqual([
      'not_found',
      'Chair not found',
    ]);
    await expect(perform('chair.extendWarranty', { chairId: mine.id, years: 4 })).rejects.toThrow(
      'Extension must be 3 or 5 years',
    );
  });
});

describe('installation.complete', () => {
  const acceptance = {
    checklist: completedChecklist(),
    customerName: ' Dr Patel ',
    signatureText: ' A. Patel ',
    signatureImage: PNG,
    notes: ' Check the pump ',
  };

  it('records the installation, delivers an in-stock chair and sets the next service a year on', async () => {
    await db.users.put(user({ role: 'ENGINEER', name: ' Eve Engineer ', phone: '0700' }));
    const inStock = chair({ status: 'IN_STOCK', ownerUserId: null });
    await db.chairs.put(inStock);
    const installationId = id();
    await perform('installation.complete', {
      id: installationId,
      chairId: inStock.id,
      ...acceptance,
    });

    expect(await db.installations.get(installationId)).toMatchObject({
      chairId: inStock.id,
      engineerUserId: ME,
      checklist: completedChecklist(),
      customerName: 'Dr Patel',
      signatureText: 'A. Patel',
      notes: 'Check the pump',
      completedAt: NOW.toISOString(),
    });
    const stored = await db.chairs.get(inStock.id);
    expect(stored?.status).toBe('DELIVERED');
    expect(stored?.service).toMatchObject({
      lastServiceDate: NOW.toISOString(),
      nextServiceDue: '2027-11-23T10:00:00.000Z',
      serviceHistory: [
        {
          type: 'Installation',
          engineerName: 'Eve Engineer',
          engineerPhone: '0700',
          workPerformed: 'New installation completed; accepted by Dr Patel',
          recommendations: 'Check the pump',
          warrantyWork: true,
          cost: 0,
        },
      ],
    });
    const due = Date.parse(stored!.service!.nextServiceDue!);
    expect(serviceStatus(stored!.service!.nextServiceDue, new Date(due - 30 * DAY_MS))).toBe(
      'Due Soon',
    );
    expect(serviceStatus(stored!.service!.nextServiceDue, new Date(due - 31 * DAY_MS))).toBe(
      'Current',
    );
  });

  it('refuses an unticked checklist item and an unknown chair', async () => {
    const inStock = chair({ status: 'IN_STOCK' });
    await db.chairs.put(inStock);
    const checklist = { ...completedChecklist(), 'foot-pedal-cable-secure': false };
    expect(
      await refusal(
        perform('installation.complete', {
          id: id(),
          chairId: inStock.id,
          ...acceptance,
          checklist,
        }),
      ),
    ).toEqual(['validation', 'Every checklist item must be ticked']);
    expect(
      await refusal(perform('installation.complete', { id: id(), chairId: id(), ...acceptance })),
    ).toEqual(['not_found', 'Chair not found']);
  });
});

describe('partRequest.create', () => {
  it('merges the same part into one line and keeps notes as typed', async () => {
    const pedal = part({ stock: 10 });
    await db.parts.put(pedal);
    const requestId = id();
    await perform('partRequest.create', {
      id: requestId,
      items: [
        { partId: pedal.id, qty: 4 },
        { partId: pedal.id, qty: 6 },
      ],
      notes: ' soon ',
    });
    expect(await db.partRequests.get(requestId)).toMatchObject({
      userId: ME,
      items: [{ partId: pedal.id, qty: 10 }],
      status: 'PENDING',
      notes: ' soon ',
    });
  });

  it('refuses more than the stock, and a part out of stock', async () => {
    const low = part({ stock: 10, name: 'Armrest' });
    const out = part({ stock: 0, name: 'Headrest' });
    await db.parts.bulkPut([low, out]);
    expect(
      await refusal(
        perform('partRequest.create', { id: id(), items: [{ partId: low.id, qty: 11 }] }),
      ),
    ).toEqual(['validation', 'Only 10 of Armrest in stock']);
    expect(
      await refusal(
        perform('partRequest.create', { id: id(), items: [{ partId: out.id, qty: 1 }] }),
      ),
    ).toEqual(['validation', 'Only 0 of Headrest in stock']);
    await expect(perform('partRequest.create', { id: id(), items: [] })).rejects.toThrow(
      'Cart is empty',
    );
  });
});

describe('profile.update', () => {
  it("saves a customer's practice only when a field is filled, type DENTAL by default", async () => {
    await perform('profile.update', {
      name: ' Cathy ',
      email: 'me@example.com',
      practice: { name: ' Smile ', address: ' ' },
    });
    expect(await db.users.get(ME)).toMatchObject({
      name: 'Cathy',
      phone: '0113 000',
      address: 'Leeds',
      practice: { name: 'Smile', type: 'DENTAL' },
    });
    await perform('profile.update', {
      name: 'Cathy',
      email: 'me@example.com',
      phone: '',
      practice: {},
    });
    expect(await db.users.get(ME)).toMatchObject({ phone: null, practice: null });
  });

  it("merges an engineer's details, keeping certifications", async () => {
    await db.users.put(
      user({
        role: 'ENGINEER',
        engineer: {
          location: 'York',
          certifications: [{ name: 'Gas', issuer: 'X', dateObtained: EARLIER }],
        },
      }),
    );
    await perform('profile.update', {
      name: 'Eve',
      email: 'me@example.com',
      engineer: {
        location: ' Leeds ',
        coverageAreas: [' LS1 ', ''],
        specializations: ['S30'],
        skillSets: ['x'],
      },
    });
    expect((await db.users.get(ME))?.engineer).toEqual({
      location: 'Leeds',
      coverageAreas: ['LS1'],
      specializations: ['S30'],
      skillSets: ['x'],
      certifications: [{ name: 'Gas', issuer: 'X', dateObtained: EARLIER }],
    });
  });

  it('refuses engineer details on a customer profile', async () => {
    expect(
      await refusal(
        perform('profile.update', {
          name: 'Cathy',
          email: 'me@example.com',
          engineer: {
            location: 'Leeds',
            coverageAreas: ['a'],
            specializations: ['b'],
            skillSets: ['c'],
          },
        }),
      ),
    ).toEqual(['validation', 'Only an engineer profile has engineer details']);
  });
});
