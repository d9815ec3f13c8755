// Local effects of the admin mutations (SPEC §2 Admin, §5 Add user / Add chair, §6 ADMIN), run as
// the app runs them: performMutation into a fake-indexeddb mirror. The server side of the same
// cases is in tests/integration/mutation-parity.test.ts.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chair, Part, TrainingResource, User } from '../../domain/entities';
import { performMutation } from '../actions';
import { openLocalDatabase, type ChairsideDatabase } from '../db';
import { MutationRejected } from '../local-store';

const ADMIN = '00000000-0000-4000-8000-00000000000a';
const NOW = new Date('2026-11-23T10:00:00.000Z');
const EARLIER = '2026-01-01T00:00:00.000Z';
const id = () => crypto.randomUUID();

let db: ChairsideDatabase;

const user = (fields: Partial<User> = {}): User => ({
  id: id(),
  email: 'someone@example.com',
  name: 'Someone',
  role: 'CUSTOMER',
  phone: null,
  address: null,
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
  ownerUserId: null,
  status: 'IN_STOCK',
  warranty: null,
  testSheet: null,
  service: null,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  ...fields,
});

const part = (fields: Partial<Part> = {}): Part => ({
  id: id(),
  name: 'Hydraulic pump',
  partCode: 'HP-1',
  model: 'S30',
  diagramUrl: 'https://example.com/hp.pdf',
  price: 120.5,
  stock: 4,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  deletedAt: null,
  ...fields,
});

const training = (fields: Partial<TrainingResource> = {}): TrainingResource => ({
  id: id(),
  title: 'Upholstery care',
  type: 'VIDEO',
  url: 'https://example.com/care.mp4',
  content: null,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  deletedAt: null,
  ...fields,
});

const perform = (name: Parameters<typeof performMutation>[2], input: unknown) =>
  performMutation(db, ADMIN, name, input as never, { now: NOW });

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
  db = openLocalDatabase(ADMIN, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.users.put(user({ id: ADMIN, role: 'ADMIN', name: 'Adam Admin' }));
});

afterEach(() => db.close());

describe('user.create', () => {
  it('adds a directory user: e-mail trimmed and lower-cased, a practice only with a name', async () => {
    const newId = id();
    await perform('user.create', {
      id: newId,
      name: ' Dana ',
      email: 'Dana@Example.COM',
      role: 'CUSTOMER',
      phone: '  ',
      practice: { name: ' Dana Dental ', type: 'MEDICAL' },
      engineer: { location: 'York', coverageAreas: [], specializations: [] },
    });
    expect(await db.users.get(newId)).toMatchObject({
      name: 'Dana',
      email: 'dana@example.com',
      role: 'CUSTOMER',
      phone: null,
      practice: { name: 'Dana Dental', type: 'MEDICAL' },
      engineer: null,
      createdAt: NOW.toISOString(),
      deletedAt: null,
    });
  });

  it('gives an engineer details only with a location, lists trimmed', async () => {
    const withLocation = id();
    const without = id();
    await perform('user.create', {
      id: withLocation,
      name: 'Ezra',
      email: 'ezra@example.com',
      role: 'ENGINEER',
      engineer: { location: ' York ', coverageAreas: [' YO1 ', ''], specializations: [] },
    });
    await perform('user.create', {
      id: without,
      name: 'Erin',
      email: 'erin@example.com',
      role: 'ENGINEER',
      engineer: { location: ' ', coverageAreas: ['YO1'], specializations: [] },
    });
    expect((await db.users.get(withLocation))?.engineer).toEqual({
      location: 'York',
      coverageAreas: ['YO1'],
      specializations: [],
    });
    expect((await db.users.get(without))?.engineer).toBeNull();
  });
});

describe('user.delete and user.setRole', () => {
  it('removes another user from the mirror', async () => {
    const other = user();
    await db.users.put(other);
    await perform('user.delete', { userId: other.id });
    expect(await db.users.get(other.id)).toBeUndefined();
  });

  it('refuses my own account, and my own role', async () => {
    expect(await refusal(perform('user.delete', { userId: ADMIN }))).toEqual([
      'validation',
      'You cannot delete your own account',
    ]);
    expect(await refusal(perform('user.setRole', { userId: ADMIN, role: 'CUSTOMER' }))).toEqual([
      'validation',
      'You cannot change your own role',
    ]);
    expect((await db.users.get(ADMIN))?.role).toBe('ADMIN');
    expect(await db.outbox.count()).toBe(0);
  });

  it("changes another user's role", async () => {
    const other = user();
    await db.users.put(other);
    await perform('user.setRole', { userId: other.id, role: 'ENGINEER' });
    expect((await db.users.get(other.id))?.role).toBe('ENGINEER');
  });
});

describe('chair.add and chair.assignOwner', () => {
  it('adds an IN_STOCK chair with the model name', async () => {
    const chairId = id();
    await perform('chair.add', { id: chairId, serialNumber: ' NEW-1 ', model: 'U500' });
    expect(await db.chairs.get(chairId)).toMatchObject({
      serialNumber: 'NEW-1',
      model: 'U500',
      modelName: 'U500 Ambidextrous',
      status: 'IN_STOCK',
      ownerUserId: null,
      warranty: null,
    });
  });

  it("refuses a serial number the mirror already holds ('Serial number already exists')", async () => {
    await db.chairs.put(chair({ serialNumber: 'DUP-1' }));
    expect(
      await refusal(perform('chair.add', { id: id(), serialNumber: 'DUP-1', model: 'S30' })),
    ).toEqual(['conflict', 'Serial number already exists']);
  });

  it('reassigns a REGISTERED chair, to a customer or to Unassigned', async () => {
    const registered = chair({ status: 'REGISTERED', ownerUserId: id() });
    await db.chairs.put(registered);
    const carl = id();
    await perform('chair.assignOwner', { chairId: registered.id, ownerUserId: carl });
    expect((await db.chairs.get(registered.id))?.ownerUserId).toBe(carl);
    await perform('chair.assignOwner', { chairId: registered.id, ownerUserId: null });
    expect((await db.chairs.get(registered.id))?.ownerUserId).toBeNull();
  });

  it('refuses to reassign a chair that is not REGISTERED', async () => {
    const inStock = chair();
    await db.chairs.put(inStock);
    expect(
      await refusal(perform('chair.assignOwner', { chairId: inStock.id, ownerUserId: id() })),
    ).toEqual(['conflict', 'Only registered chairs can be reassigned']);
  });
});

describe('parts', () => {
  it('adds a part, the price to the penny', async () => {
    const partId = id();
    await perform('part.add', { id: partId, name: ' Valve ', price: 12.345, stock: 0 });
    expect(await db.parts.get(partId)).toMatchObject({
      name: 'Valve',
      partCode: null,
      model: null,
      diagramUrl: null,
      price: 12.35,
      stock: 0,
      deletedAt: null,
    });
  });

  it('keeps the optional fields an update leaves out, and clears those it sends empty', async () => {
    const stored = part();
    await db.parts.put(stored);
    await perform('part.update', { partId: stored.id, name: 'Pump v2', price: 99.99, stock: 3 });
    expect(await db.parts.get(stored.id)).toMatchObject({
      name: 'Pump v2',
      partCode: 'HP-1',
      model: 'S30',
      diagramUrl: 'https://example.com/hp.pdf',
      price: 99.99,
      stock: 3,
    });
    await perform('part.update', {
      partId: stored.id,
      name: 'Pump v2',
      partCode: '',
      model: null,
      diagramUrl: null,
      price: 1,
      stock: 1,
    });
    expect(await db.parts.get(stored.id)).toMatchObject({
      partCode: '',
      model: null,
      diagramUrl: null,
    });
  });

  it('deletes a part from the mirror', async () => {
    const stored = part();
    await db.parts.put(stored);
    await perform('part.delete', { partId: stored.id });
    expect(await db.parts.get(stored.id)).toBeUndefined();
  });

  it('refuses a negative price or stock with the SPEC wording', async () => {
    await expect(
      perform('part.add', { id: id(), name: 'V', price: -0.01, stock: 1 }),
    ).rejects.toThrow('Price must be 0 or more');
    await expect(perform('part.add', { id: id(), name: 'V', price: 1, stock: -1 })).rejects.toThrow(
      'Stock must be 0 or more',
    );
  });
});

describe('training resources', () => {
  it('adds, updates (keeping what is left out) and deletes', async () => {
    const trainingId = id();
    await perform('training.add', { id: trainingId, title: ' FAQ ', type: 'FAQ', content: 'Wipe' });
    expect(await db.trainingResources.get(trainingId)).toMatchObject({
      title: 'FAQ',
      type: 'FAQ',
      url: null,
      content: 'Wipe',
    });

    const stored = training();
    await db.trainingResources.put(stored);
    await perform('training.update', { trainingId: stored.id, title: 'Care v2', type: 'VIDEO' });
    expect(await db.trainingResources.get(stored.id)).toMatchObject({
      title: 'Care v2',
      url: 'https://example.com/care.mp4',
      content: null,
    });

    await perform('training.delete', { trainingId: stored.id });
    expect(await db.trainingResources.get(stored.id)).toBeUndefined();
  });
});
