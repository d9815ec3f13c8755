// The part request lifecycle as a guarded operation (issue 16): partRequest.setStatus through
// supabase-js against the local server. Each allowed move (PENDING → QUOTED → ORDERED →
// FULFILLED; CANCELLED from PENDING, QUOTED and ORDERED), each refused one with the domain's
// words and nothing changed, every role other than ADMIN refused, a replay applied once, and the
// requesting customer reading the new status (and no other customer reading it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import type { PartRequestStatus } from '../../src/domain/entities';
import {
  PART_REQUEST_TARGETS,
  PART_REQUEST_TRANSITIONS,
  partRequestTransitionRefusal,
} from '../../src/domain/part-request-lifecycle';
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
let otherCustomer: Actor;
let engineer: Actor;
let vendor: Actor;

const STATUSES: PartRequestStatus[] = ['PENDING', 'QUOTED', 'ORDERED', 'FULFILLED', 'CANCELLED'];

async function seedRequest(status: PartRequestStatus): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into public.part_requests (id, user_id, items, status) values ($1, $2, '[]', $3)`,
    [id, customer.id, status],
  );
  return id;
}

async function statusOf(id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>(
    `select status from public.part_requests where id = $1`,
    [id],
  );
  return rows[0]?.status;
}

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  admin = await signUpActor(running.url, 'ADMIN', 'Ada Admin');
  customer = await signUpActor(running.url, 'CUSTOMER', 'Cora Customer');
  otherCustomer = await signUpActor(running.url, 'CUSTOMER', 'Olly Other');
  engineer = await signUpActor(running.url, 'ENGINEER', 'Eve Engineer');
  vendor = await signUpActor(running.url, 'VENDOR', 'Vic Vendor');
});

afterAll(() => closeOpsBackend(db, running));

describe('partRequest.setStatus', () => {
  for (const from of STATUSES) {
    for (const to of PART_REQUEST_TARGETS) {
      const allowed = PART_REQUEST_TRANSITIONS[from].includes(to);
      it(`${allowed ? 'moves' : 'refuses'} ${from} → ${to}`, async () => {
        const id = await seedRequest(from);
        const out = await callOp(admin, 'partRequest.setStatus', { partRequestId: id, status: to });
        if (allowed) {
          expect(out.error).toBeNull();
          expect(rowOf(out, 'part_requests')).toMatchObject({ id, status: to });
          expect(await statusOf(id)).toBe(to);
        } else {
          expectRefused(out, 409, partRequestTransitionRefusal(from, to)!);
          expect(await statusOf(id)).toBe(from);
        }
      });
    }
  }

  it('walks the whole lifecycle PENDING → QUOTED → ORDERED → FULFILLED', async () => {
    const id = await seedRequest('PENDING');
    for (const to of ['QUOTED', 'ORDERED', 'FULFILLED'] as const) {
      const out = await callOp(admin, 'partRequest.setStatus', { partRequestId: id, status: to });
      expect(out.error).toBeNull();
    }
    expect(await statusOf(id)).toBe('FULFILLED');
  });

  it('is for admins only: customers, engineers and vendors are refused and nothing changes', async () => {
    const id = await seedRequest('PENDING');
    await expectForbiddenFor(
      [customer, engineer, vendor],
      'partRequest.setStatus',
      { partRequestId: id, status: 'CANCELLED' },
      NO_PERMISSION,
    );
    expect(await statusOf(id)).toBe('PENDING');
  });

  it('refuses an unknown request, a bad status and a bad id', async () => {
    expectRefused(
      await callOp(admin, 'partRequest.setStatus', {
        partRequestId: randomUUID(),
        status: 'QUOTED',
      }),
      404,
      'Part request not found',
    );
    const id = await seedRequest('PENDING');
    expectRefused(
      await callOp(admin, 'partRequest.setStatus', { partRequestId: id, status: 'PENDING' }),
      400,
      'Status must be QUOTED, ORDERED, FULFILLED or CANCELLED',
    );
    expectRefused(
      await callOp(admin, 'partRequest.setStatus', { partRequestId: 'nope', status: 'QUOTED' }),
      400,
    );
    expect(await statusOf(id)).toBe('PENDING');
  });

  it('applies a replay once: the second call answers the first result', async () => {
    const id = await seedRequest('PENDING');
    const { first } = await expectReplayChangesNothing(
      admin,
      'partRequest.setStatus',
      { partRequestId: id, status: 'QUOTED' },
      () => statusOf(id),
    );
    expect(first.error).toBeNull();
    expect(await statusOf(id)).toBe('QUOTED');
  });

  it('the requesting customer reads the new status; another customer does not see the request', async () => {
    const id = await seedRequest('PENDING');
    await callOp(admin, 'partRequest.setStatus', { partRequestId: id, status: 'QUOTED' });
    const mine = await customer.client.from('part_requests').select('id, status').eq('id', id);
    expect(mine.data).toEqual([{ id, status: 'QUOTED' }]);
    const theirs = await otherCustomer.client.from('part_requests').select('id').eq('id', id);
    expect(theirs.data ?? []).toEqual([]);
  });
});
