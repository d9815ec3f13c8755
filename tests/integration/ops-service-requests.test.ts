// Guarded service-request operations (supabase/migrations/20261123000005_service_requests.sql)
// through supabase-js against the local server: create, take, assign, schedule, cancel and
// complete with their role and state rules, at-most-once replays and two engineers taking one
// request at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import type { MutationName } from '../../src/domain/mutations';
import { callOp, rowOf, type Actor } from './actors';
import {
  NO_PERMISSION,
  closeOpsBackend,
  expectConcurrentReplayAppliedOnce,
  expectForbiddenFor,
  expectRefused,
  expectReplayChangesNothing,
  ledgerRows,
  openOpsBackend,
  raceTwoEngineers,
  seedRegisteredChairs,
  signUpTicketDeskCast,
} from './ops-harness';

let db: Database;
let running: RunningServer;
let cathy: Actor;
let carl: Actor;
let eve: Actor;
let ed: Actor;
let vera: Actor;
let adam: Actor;
let cathyChair: string;
let carlChair: string;
let today: string;
let nextWeek: string;
let yesterday: string;

interface RequestRow {
  id: string;
  customer_user_id: string | null;
  chair_id: string | null;
  preferred_date: string | null;
  preferred_time: string | null;
  notes: string | null;
  status: string;
  scheduled_date: string | null;
  scheduled_time: string | null;
  engineer_user_id: string | null;
  confirmed_at: string | null;
  cancellation_reason: string | null;
  updated_at: string;
}

interface SeedRequest {
  status?: string;
  engineer?: string | null;
  preferredDate?: string | null;
  preferredTime?: string | null;
  scheduledDate?: string | null;
  scheduledTime?: string | null;
}

async function seedRequest(seed: SeedRequest = {}): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into public.service_requests
       (id, customer_user_id, chair_id, preferred_date, preferred_time, notes, status,
        engineer_user_id, scheduled_date, scheduled_time)
     values ($1, $2, $3, $4, $5, 'Annual check', $6, $7, $8, $9)`,
    [
      id,
      cathy.id,
      cathyChair,
      seed.preferredDate === undefined ? nextWeek : seed.preferredDate,
      seed.preferredTime === undefined ? '09:30' : seed.preferredTime,
      seed.status ?? 'PENDING',
      seed.engineer ?? null,
      seed.scheduledDate ?? null,
      seed.scheduledTime ?? null,
    ],
  );
  return id;
}

async function request(id: string): Promise<RequestRow> {
  const { rows } = await db.query<RequestRow>(
    `select *, preferred_date::text as preferred_date, scheduled_date::text as scheduled_date,
            confirmed_at::text as confirmed_at, updated_at::text as updated_at
       from public.service_requests where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`service request ${id} missing`);
  return row;
}

async function expectRolesRefused(
  actors: Actor[],
  name: MutationName,
  args: Record<string, unknown>,
): Promise<void> {
  await expectForbiddenFor(actors, name, args, NO_PERMISSION);
}

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  ({ cathy, carl, eve, ed, vera, adam } = await signUpTicketDeskCast(running.url));
  [cathyChair, carlChair] = await seedRegisteredChairs(db, 'SR', cathy, carl);
  // The database's own calendar decides "the past".
  const { rows } = await db.query<{ today: string; next_week: string; yesterday: string }>(
    `select current_date::text as today, (current_date + 7)::text as next_week,
            (current_date - 1)::text as yesterday`,
  );
  today = rows[0]!.today;
  nextWeek = rows[0]!.next_week;
  yesterday = rows[0]!.yesterday;
});

afterAll(() => closeOpsBackend(db, running));

describe('serviceRequest.create', () => {
  it('creates a PENDING request with the client id for my chair', async () => {
    const id = randomUUID();
    const outcome = await callOp(cathy, 'serviceRequest.create', {
      id,
      chairId: cathyChair,
      preferredDate: nextWeek,
      preferredTime: '10:00',
      notes: 'Annual service please',
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'service_requests')).toMatchObject({
      id,
      customer_user_id: cathy.id,
      chair_id: cathyChair,
      preferred_date: nextWeek,
      preferred_time: '10:00',
      notes: 'Annual service please',
      status: 'PENDING',
      engineer_user_id: null,
      confirmed_at: null,
    });
    expect((await request(id)).status).toBe('PENDING');
  });

  it('accepts today as the preferred date and no notes', async () => {
    const outcome = await callOp(cathy, 'serviceRequest.create', {
      id: randomUUID(),
      chairId: cathyChair,
      preferredDate: today,
      preferredTime: '08:00',
    });
    expect(rowOf(outcome, 'service_requests')).toMatchObject({
      preferred_date: today,
      notes: null,
    });
  });

  it("asks for a chair ('Please select a chair') and refuses another's chair ('Chair not found')", async () => {
    const base = { preferredDate: nextWeek, preferredTime: '10:00' };
    expectRefused(
      await callOp(cathy, 'serviceRequest.create', { ...base, id: randomUUID() }),
      400,
      'Please select a chair',
    );
    expectRefused(
      await callOp(cathy, 'serviceRequest.create', { ...base, id: randomUUID(), chairId: '' }),
      400,
      'Please select a chair',
    );
    for (const chairId of [carlChair, randomUUID(), 'chair-1']) {
      expectRefused(
        await callOp(cathy, 'serviceRequest.create', { ...base, id: randomUUID(), chairId }),
        404,
        'Chair not found',
      );
    }
  });

  it('refuses a past preferred date and a missing time with the SPEC messages', async () => {
    const base = { chairId: cathyChair };
    expectRefused(
      await callOp(cathy, 'serviceRequest.create', {
        ...base,
        id: randomUUID(),
        preferredDate: yesterday,
        preferredTime: '10:00',
      }),
      400,
      'Preferred date cannot be in the past',
    );
    expectRefused(
      await callOp(cathy, 'serviceRequest.create', {
        ...base,
        id: randomUUID(),
        preferredDate: nextWeek,
      }),
      400,
      'Preferred time is required',
    );
    expectRefused(
      await callOp(cathy, 'serviceRequest.create', {
        ...base,
        id: randomUUID(),
        preferredTime: '10:00',
      }),
      400,
      'Preferred date is required',
    );
    for (const preferredDate of ['2099-02-30', 'next tuesday', 20990101]) {
      expectRefused(
        await callOp(cathy, 'serviceRequest.create', {
          ...base,
          id: randomUUID(),
          preferredDate,
          preferredTime: '10:00',
        }),
        400,
      );
    }
    for (const preferredTime of ['25:00', '9am', 930]) {
      expectRefused(
        await callOp(cathy, 'serviceRequest.create', {
          ...base,
          id: randomUUID(),
          preferredDate: nextWeek,
          preferredTime,
        }),
        400,
      );
    }
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.service_requests where preferred_date < current_date`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('is refused for engineers, vendors and admins', async () => {
    await expectRolesRefused([eve, vera, adam], 'serviceRequest.create', {
      id: randomUUID(),
      chairId: cathyChair,
      preferredDate: nextWeek,
      preferredTime: '10:00',
    });
  });

  it('replays the same mutation id with the first result and one row', async () => {
    const id = randomUUID();
    const mutationId = randomUUID();
    const args = { id, chairId: cathyChair, preferredDate: nextWeek, preferredTime: '11:30' };
    const first = await callOp(cathy, 'serviceRequest.create', args, mutationId);
    const [again, again2] = await Promise.all([
      callOp(cathy, 'serviceRequest.create', args, mutationId),
      callOp(cathy, 'serviceRequest.create', args, mutationId),
    ]);
    expect(again.data).toEqual(first.data);
    expect(again2.data).toEqual(first.data);
    const { rows } = await db.query(`select 1 from public.service_requests where id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(await ledgerRows(db, mutationId)).toBe(1);
  });
});

describe('serviceRequest.take', () => {
  it('assigns to the engineer, SCHEDULED at the preferred date and time, confirmed now', async () => {
    const id = await seedRequest({ preferredDate: nextWeek, preferredTime: '14:00' });
    const outcome = await callOp(eve, 'serviceRequest.take', { serviceRequestId: id });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'service_requests')).toMatchObject({
      engineer_user_id: eve.id,
      status: 'SCHEDULED',
      scheduled_date: nextWeek,
      scheduled_time: '14:00',
    });
    expect((await request(id)).confirmed_at).not.toBeNull();
  });

  it('names the engineer who already has it', async () => {
    const id = await seedRequest({ engineer: ed.id, status: 'SCHEDULED' });
    const before = await request(id);
    expectRefused(
      await callOp(eve, 'serviceRequest.take', { serviceRequestId: id }),
      409,
      'This service request has already been taken by Ed Engineer',
    );
    expect(await request(id)).toEqual(before);
  });

  it('refuses cancelled and completed requests as conflicts', async () => {
    const cancelled = await seedRequest({ status: 'CANCELLED' });
    const completed = await seedRequest({ status: 'COMPLETED' });
    expectRefused(
      await callOp(eve, 'serviceRequest.take', { serviceRequestId: cancelled }),
      409,
      'This service request is already cancelled',
    );
    expectRefused(
      await callOp(eve, 'serviceRequest.take', { serviceRequestId: completed }),
      409,
      'This service request is already completed',
    );
    expect((await request(cancelled)).engineer_user_id).toBeNull();
  });

  it("answers an unknown request with 'Service request not found'", async () => {
    expectRefused(
      await callOp(eve, 'serviceRequest.take', { serviceRequestId: randomUUID() }),
      404,
      'Service request not found',
    );
  });

  it('is refused for customers, vendors and admins', async () => {
    const id = await seedRequest();
    await expectRolesRefused([cathy, vera, adam], 'serviceRequest.take', { serviceRequestId: id });
    expect((await request(id)).engineer_user_id).toBeNull();
  });

  it('lets exactly one of two engineers win when both take at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await seedRequest();
      const { winnerId, winnerName, loser } = await raceTwoEngineers(
        eve,
        ed,
        'serviceRequest.take',
        { serviceRequestId: id },
        'service_requests',
      );
      expectRefused(loser, 409, `This service request has already been taken by ${winnerName}`);
      expect((await request(id)).engineer_user_id).toBe(winnerId);
    }
  });

  it('replays one mutation id sequentially and concurrently, applying it once', async () => {
    const id = await seedRequest();
    const mutationId = randomUUID();
    const first = await callOp(eve, 'serviceRequest.take', { serviceRequestId: id }, mutationId);
    await callOp(vera, 'serviceRequest.schedule', {
      serviceRequestId: id,
      scheduledDate: nextWeek,
      scheduledTime: '16:30',
    });
    const before = await request(id);
    const again = await callOp(eve, 'serviceRequest.take', { serviceRequestId: id }, mutationId);
    expect(again.data).toEqual(first.data);
    expect(await request(id)).toEqual(before);
    expect(await ledgerRows(db, mutationId)).toBe(1);

    const id2 = await seedRequest();
    await expectConcurrentReplayAppliedOnce(db, eve, 'serviceRequest.take', {
      serviceRequestId: id2,
    });
  });
});

describe('serviceRequest.assign', () => {
  it('lets a vendor assign: SCHEDULED with the preferred date and time copied', async () => {
    const id = await seedRequest({ preferredDate: nextWeek, preferredTime: '13:00' });
    const outcome = await callOp(vera, 'serviceRequest.assign', {
      serviceRequestId: id,
      engineerUserId: ed.id,
    });
    expect(rowOf(outcome, 'service_requests')).toMatchObject({
      engineer_user_id: ed.id,
      status: 'SCHEDULED',
      scheduled_date: nextWeek,
      scheduled_time: '13:00',
    });
    expect((await request(id)).confirmed_at).not.toBeNull();
  });

  it('does not invent an appointment when the preferred time is missing', async () => {
    const id = await seedRequest({ preferredTime: null });
    const outcome = await callOp(adam, 'serviceRequest.assign', {
      serviceRequestId: id,
      engineerUserId: eve.id,
    });
    expect(rowOf(outcome, 'service_requests')).toMatchObject({
      engineer_user_id: eve.id,
      status: 'SCHEDULED',
      scheduled_date: null,
      scheduled_time: null,
    });
  });

  it('reassigns a scheduled request and keeps its appointment', async () => {
    const id = await seedRequest({
      engineer: ed.id,
      status: 'SCHEDULED',
      scheduledDate: nextWeek,
      scheduledTime: '15:00',
    });
    const outcome = await callOp(vera, 'serviceRequest.assign', {
      serviceRequestId: id,
      engineerUserId: eve.id,
    });
    expect(rowOf(outcome, 'service_requests')).toMatchObject({
      engineer_user_id: eve.id,
      scheduled_time: '15:00',
    });
  });

  it("refuses a target that is not an engineer with 'Engineer not found'", async () => {
    const id = await seedRequest();
    for (const engineerUserId of [cathy.id, adam.id, randomUUID(), 'eve']) {
      expectRefused(
        await callOp(vera, 'serviceRequest.assign', { serviceRequestId: id, engineerUserId }),
        400,
        'Engineer not found',
      );
    }
    expect((await request(id)).status).toBe('PENDING');
  });

  it('refuses cancelled or completed requests and unknown ones', async () => {
    const cancelled = await seedRequest({ status: 'CANCELLED' });
    expectRefused(
      await callOp(vera, 'serviceRequest.assign', {
        serviceRequestId: cancelled,
        engineerUserId: eve.id,
      }),
      409,
      'This service request is already cancelled',
    );
    const completed = await seedRequest({ status: 'COMPLETED', engineer: ed.id });
    expectRefused(
      await callOp(vera, 'serviceRequest.assign', {
        serviceRequestId: completed,
        engineerUserId: eve.id,
      }),
      409,
    );
    expect((await request(completed)).engineer_user_id).toBe(ed.id);
    expectRefused(
      await callOp(vera, 'serviceRequest.assign', {
        serviceRequestId: randomUUID(),
        engineerUserId: eve.id,
      }),
      404,
      'Service request not found',
    );
  });

  it('is refused for customers and engineers', async () => {
    const id = await seedRequest();
    await expectRolesRefused([cathy, eve], 'serviceRequest.assign', {
      serviceRequestId: id,
      engineerUserId: eve.id,
    });
    expect((await request(id)).engineer_user_id).toBeNull();
  });

  it('replays with the first result and no second change', async () => {
    const id = await seedRequest();
    const args = { serviceRequestId: id, engineerUserId: ed.id };
    await expectReplayChangesNothing(vera, 'serviceRequest.assign', args, () => request(id));
  });
});

describe('serviceRequest.schedule', () => {
  it('schedules a PENDING request and reschedules a SCHEDULED one keeping its status', async () => {
    const id = await seedRequest();
    const first = await callOp(vera, 'serviceRequest.schedule', {
      serviceRequestId: id,
      scheduledDate: nextWeek,
      scheduledTime: '09:00',
    });
    expect(rowOf(first, 'service_requests')).toMatchObject({
      status: 'SCHEDULED',
      scheduled_date: nextWeek,
      scheduled_time: '09:00',
    });
    const confirmedFirst = (await request(id)).confirmed_at;
    expect(confirmedFirst).not.toBeNull();
    const second = await callOp(adam, 'serviceRequest.schedule', {
      serviceRequestId: id,
      scheduledDate: today,
      scheduledTime: '16:30',
    });
    expect(rowOf(second, 'service_requests')).toMatchObject({
      status: 'SCHEDULED',
      scheduled_date: today,
      scheduled_time: '16:30',
    });
  });

  it('lets the assigned engineer reschedule but not another engineer', async () => {
    const id = await seedRequest({ engineer: eve.id, status: 'SCHEDULED' });
    const mine = await callOp(eve, 'serviceRequest.schedule', {
      serviceRequestId: id,
      scheduledDate: nextWeek,
      scheduledTime: '12:00',
    });
    expect(rowOf(mine, 'service_requests').scheduled_time).toBe('12:00');
    expectRefused(
      await callOp(ed, 'serviceRequest.schedule', {
        serviceRequestId: id,
        scheduledDate: nextWeek,
        scheduledTime: '08:00',
      }),
      403,
    );
    expect((await request(id)).scheduled_time).toBe('12:00');
  });

  it('refuses cancelled or completed requests and bad dates or times', async () => {
    const cancelled = await seedRequest({ status: 'CANCELLED' });
    expectRefused(
      await callOp(vera, 'serviceRequest.schedule', {
        serviceRequestId: cancelled,
        scheduledDate: nextWeek,
        scheduledTime: '09:00',
      }),
      409,
      'This service request is already cancelled',
    );
    const id = await seedRequest();
    for (const [scheduledDate, scheduledTime] of [
      ['tomorrow', '09:00'],
      [nextWeek, '9:00'],
      [nextWeek, undefined],
      [undefined, '09:00'],
    ]) {
      expectRefused(
        await callOp(vera, 'serviceRequest.schedule', {
          serviceRequestId: id,
          scheduledDate,
          scheduledTime,
        }),
        400,
      );
    }
    expect((await request(id)).status).toBe('PENDING');
  });

  it('is refused for customers', async () => {
    const id = await seedRequest();
    await expectRolesRefused([cathy], 'serviceRequest.schedule', {
      serviceRequestId: id,
      scheduledDate: nextWeek,
      scheduledTime: '09:00',
    });
  });

  it('replays with the first result and no second change', async () => {
    const id = await seedRequest();
    const args = { serviceRequestId: id, scheduledDate: nextWeek, scheduledTime: '10:30' };
    await expectReplayChangesNothing(vera, 'serviceRequest.schedule', args, () => request(id));
  });
});

describe('serviceRequest.cancel', () => {
  it('lets the owning customer cancel with a reason', async () => {
    const id = await seedRequest();
    const outcome = await callOp(cathy, 'serviceRequest.cancel', {
      serviceRequestId: id,
      reason: 'Practice closed that week',
    });
    expect(rowOf(outcome, 'service_requests')).toMatchObject({
      status: 'CANCELLED',
      cancellation_reason: 'Practice closed that week',
    });
  });

  it("hides another customer's request", async () => {
    const id = await seedRequest();
    expectRefused(
      await callOp(carl, 'serviceRequest.cancel', { serviceRequestId: id, reason: 'mine?' }),
      404,
      'Service request not found',
    );
    expect((await request(id)).status).toBe('PENDING');
  });

  it('lets vendors, admins and the assigned engineer cancel; not another engineer', async () => {
    for (const actor of [vera, adam]) {
      const id = await seedRequest();
      const outcome = await callOp(actor, 'serviceRequest.cancel', {
        serviceRequestId: id,
        reason: 'Duplicate',
      });
      expect(rowOf(outcome, 'service_requests').status).toBe('CANCELLED');
    }
    const id = await seedRequest({ engineer: eve.id, status: 'SCHEDULED' });
    expect([403, 404]).toContain(
      (await callOp(ed, 'serviceRequest.cancel', { serviceRequestId: id, reason: 'x' })).status,
    );
    expect((await request(id)).status).toBe('SCHEDULED');
    const byEve = await callOp(eve, 'serviceRequest.cancel', {
      serviceRequestId: id,
      reason: 'Part unavailable',
    });
    expect(rowOf(byEve, 'service_requests').status).toBe('CANCELLED');
  });

  it("refuses a completed request: 'A completed service request cannot be cancelled'", async () => {
    const id = await seedRequest({ engineer: eve.id, status: 'COMPLETED' });
    expectRefused(
      await callOp(cathy, 'serviceRequest.cancel', { serviceRequestId: id, reason: 'Too late' }),
      409,
      'A completed service request cannot be cancelled',
    );
    expect((await request(id)).status).toBe('COMPLETED');
  });

  it('replays with the first result and no second change', async () => {
    const id = await seedRequest();
    const args = { serviceRequestId: id, reason: 'Changed plans' };
    const { mutationId } = await expectReplayChangesNothing(
      cathy,
      'serviceRequest.cancel',
      args,
      () => request(id),
    );
    expect(await ledgerRows(db, mutationId)).toBe(1);
  });
});

describe('serviceRequest.complete', () => {
  it('lets the assigned engineer complete a SCHEDULED request', async () => {
    const id = await seedRequest({ engineer: eve.id, status: 'SCHEDULED' });
    const outcome = await callOp(eve, 'serviceRequest.complete', { serviceRequestId: id });
    expect(rowOf(outcome, 'service_requests').status).toBe('COMPLETED');
  });

  it('refuses requests that are not scheduled as conflicts', async () => {
    for (const status of ['PENDING', 'COMPLETED', 'CANCELLED']) {
      const id = await seedRequest({ engineer: eve.id, status });
      expectRefused(await callOp(eve, 'serviceRequest.complete', { serviceRequestId: id }), 409);
      expect((await request(id)).status).toBe(status);
    }
  });

  it('refuses another engineer, customers and vendors; admin may complete', async () => {
    const id = await seedRequest({ engineer: eve.id, status: 'SCHEDULED' });
    expect([403, 404]).toContain(
      (await callOp(ed, 'serviceRequest.complete', { serviceRequestId: id })).status,
    );
    await expectRolesRefused([cathy, vera], 'serviceRequest.complete', { serviceRequestId: id });
    expect((await request(id)).status).toBe('SCHEDULED');
    const byAdmin = await callOp(adam, 'serviceRequest.complete', { serviceRequestId: id });
    expect(rowOf(byAdmin, 'service_requests').status).toBe('COMPLETED');
  });

  it('replays with the first result and no second change', async () => {
    const id = await seedRequest({ engineer: eve.id, status: 'SCHEDULED' });
    const { again } = await expectReplayChangesNothing(
      eve,
      'serviceRequest.complete',
      { serviceRequestId: id },
      () => request(id),
    );
    expect(again.error).toBeNull();
  });
});

describe('malformed args', () => {
  it('answers a missing or non-uuid serviceRequestId with a 400, never a 5xx', async () => {
    const ops: [MutationName, Actor, Record<string, unknown>][] = [
      ['serviceRequest.take', eve, {}],
      ['serviceRequest.assign', vera, { engineerUserId: eve.id }],
      ['serviceRequest.schedule', vera, { scheduledDate: nextWeek, scheduledTime: '09:00' }],
      ['serviceRequest.cancel', cathy, { reason: 'x' }],
      ['serviceRequest.complete', eve, {}],
    ];
    for (const [name, actor, args] of ops) {
      expectRefused(await callOp(actor, name, args), 400, 'A valid service request id is required');
      for (const serviceRequestId of ['SR-1', 7, null, ['x']]) {
        expectRefused(await callOp(actor, name, { ...args, serviceRequestId }), 400);
      }
    }
    const id = await seedRequest();
    const odd = await callOp(cathy, 'serviceRequest.cancel', { serviceRequestId: id, reason: 5 });
    expectRefused(odd, 400);
    const badId = await callOp(cathy, 'serviceRequest.create', {
      id: 'new',
      chairId: cathyChair,
      preferredDate: nextWeek,
      preferredTime: '10:00',
    });
    expectRefused(badId, 400);
    expect((await request(id)).status).toBe('PENDING');
  });
});
