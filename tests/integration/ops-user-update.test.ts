// Edit user as a guarded operation (issue 16): user.update through supabase-js against the local
// server. Name, e-mail, phone and address change (role, practice and engineer details do not);
// the e-mail stays unique among live users; admins only; a replay is applied once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { callOp, rowOf, signUpActor, type Actor } from './actors';
import {
  NO_PERMISSION,
  closeOpsBackend,
  expectForbiddenFor,
  expectRefused,
  expectReplayChangesNothing,
  openOpsBackend,
} from './ops-harness';

let db: Database;
let running: RunningServer;
let admin: Actor;
let customer: Actor;
let engineer: Actor;
let vendor: Actor;
let seq = 0;

async function seedUser(email?: string): Promise<string> {
  const id = randomUUID();
  seq += 1;
  await db.query(
    `insert into public.users (id, email, name, role, phone, address, engineer)
     values ($1, $2, 'Eddie Engineer', 'ENGINEER', '0100', '1 Old Road',
             '{"location": "Leeds", "coverageAreas": ["Leeds"]}'::jsonb)`,
    [id, email ?? `eddie.${seq}.${Date.now()}@example.com`],
  );
  return id;
}

async function row(id: string) {
  const { rows } = await db.query<Record<string, unknown>>(
    `select name, email, role, phone, address, engineer from public.users where id = $1`,
    [id],
  );
  return rows[0];
}

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  admin = await signUpActor(running.url, 'ADMIN', 'Ada Admin');
  customer = await signUpActor(running.url, 'CUSTOMER', 'Cora Customer');
  engineer = await signUpActor(running.url, 'ENGINEER', 'Eve Engineer');
  vendor = await signUpActor(running.url, 'VENDOR', 'Vic Vendor');
});

afterAll(() => closeOpsBackend(db, running));

describe('user.update', () => {
  it('changes the contact details and nothing else', async () => {
    const id = await seedUser();
    const out = await callOp(admin, 'user.update', {
      userId: id,
      name: ' Edward Engineer ',
      email: 'Edward.E@Example.com',
      phone: '  ',
    });
    expect(out.error).toBeNull();
    expect(rowOf(out, 'users')).toMatchObject({ id, name: 'Edward Engineer' });
    expect(await row(id)).toEqual({
      name: 'Edward Engineer',
      email: 'edward.e@example.com',
      role: 'ENGINEER',
      phone: null,
      address: '1 Old Road',
      engineer: { location: 'Leeds', coverageAreas: ['Leeds'] },
    });
  });

  it("refuses another live user's e-mail, a blank name, a bad e-mail and an unknown user", async () => {
    await seedUser('taken.ops@example.com');
    const id = await seedUser();
    const before = await row(id);
    expectRefused(
      await callOp(admin, 'user.update', { userId: id, name: 'E', email: 'TAKEN.ops@example.com' }),
      409,
      'A user with this email already exists',
    );
    expectRefused(
      await callOp(admin, 'user.update', { userId: id, name: ' ', email: 'e@example.com' }),
      400,
      'Name is required',
    );
    expectRefused(
      await callOp(admin, 'user.update', { userId: id, name: 'E', email: 'nope' }),
      400,
      'Please enter a valid email address',
    );
    expectRefused(
      await callOp(admin, 'user.update', {
        userId: randomUUID(),
        name: 'E',
        email: 'e@example.com',
      }),
      404,
      'User not found',
    );
    expect(await row(id)).toEqual(before);
  });

  it('keeps its own e-mail (no conflict with itself)', async () => {
    const id = await seedUser('self.ops@example.com');
    const out = await callOp(admin, 'user.update', {
      userId: id,
      name: 'Same Mail',
      email: 'self.ops@example.com',
    });
    expect(out.error).toBeNull();
  });

  it('is for admins only', async () => {
    const id = await seedUser();
    const before = await row(id);
    await expectForbiddenFor(
      [customer, engineer, vendor],
      'user.update',
      { userId: id, name: 'Hacked', email: 'hacked@example.com' },
      NO_PERMISSION,
    );
    expect(await row(id)).toEqual(before);
  });

  it('applies a replay once', async () => {
    const id = await seedUser();
    const { first } = await expectReplayChangesNothing(
      admin,
      'user.update',
      { userId: id, name: 'Once', email: `once.${Date.now()}@example.com` },
      () => row(id),
    );
    expect(first.error).toBeNull();
  });
});
