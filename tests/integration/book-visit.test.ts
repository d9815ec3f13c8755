// serviceRequest.book (migration 20261128000027, issue 45): the schedule board's due chair dropped
// on an engineer's day. Through supabase-js against the local server: a vendor or an admin books
// the chair's owner a visit, assigned and scheduled in one change; the refusals; a replay and a
// concurrent replay applied once; two dispatchers booking one chair at once. Then a vendor's
// device: the due chair reaches its mirror (the new read), the board offers it, the booking made
// offline shows at once, and replayed after a lost answer it is applied once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { performMutation } from '../../src/data/actions';
import { loadBoard } from '../../src/data/queries/schedule-board';
import { queueDueChairs } from '../../src/domain/schedule-queue';
import { pullAll } from '../../sync';
import { callOp, rowOf, signUpActor, type Actor } from './actors';
import { mirrorView, openNetDevice, pushDeviceOutbox, serverView } from './devices';
import {
  NO_PERMISSION,
  closeOpsBackend,
  expectConcurrentReplayAppliedOnce,
  expectForbiddenFor,
  expectRefused,
  expectReplayChangesNothing,
  ledgerRows,
  openOpsBackend,
  signUpTicketDeskCast,
  type TicketDeskCast,
} from './ops-harness';

let db: Database;
let running: RunningServer;
let cast: TicketDeskCast;
let today: string;
let inTwoDays: string;
let yesterday: string;
/** The board's last day: today and the six after it. */
let lastDay: string;

const SLOT_RULE = 'A visit starts at a booking slot, every 30 minutes from 08:00 to 16:30';

/** A chair of `owner` (none: stock) whose next service is due `dueInDays` from today. */
async function chair(owner: Actor | null, dueInDays: number | null = 3): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into public.chairs (id, serial_number, model, model_name, owner_user_id, status, service)
     values ($1, $2, 'S30', 'S30 Sigma', $3, $4,
             case when $5::int is null then null
                  else jsonb_build_object('nextServiceDue', to_char(current_date + $5::int, 'YYYY-MM-DD'))
             end)`,
    [
      id,
      `BOOK-${randomUUID().slice(0, 8)}`,
      owner?.id ?? null,
      owner ? 'REGISTERED' : 'IN_STOCK',
      dueInDays,
    ],
  );
  return id;
}

const booking = (chairId: string, changes: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  chairId,
  engineerUserId: cast.eve.id,
  scheduledDate: inTwoDays,
  scheduledTime: '10:30',
  notes: 'Yearly inspection',
  ...changes,
});

async function requestsOn(chairId: string) {
  const { rows } = await db.query<{ id: string; status: string }>(
    `select id, status from public.service_requests where chair_id = $1`,
    [chairId],
  );
  return rows;
}

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  cast = await signUpTicketDeskCast(running.url);
  const { rows } = await db.query<{
    today: string;
    in_two_days: string;
    yesterday: string;
    last_day: string;
  }>(
    `select current_date::text as today, (current_date + 2)::text as in_two_days,
            (current_date - 1)::text as yesterday, (current_date + 6)::text as last_day`,
  );
  ({ today, in_two_days: inTwoDays, yesterday, last_day: lastDay } = rows[0]!);
});

afterAll(() => closeOpsBackend(db, running));

describe('serviceRequest.book', () => {
  it("books the owner's visit: a request assigned and scheduled in one change", async () => {
    const chairId = await chair(cast.cathy);
    const args = booking(chairId);
    const outcome = await callOp(cast.vera, 'serviceRequest.book', args);
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'service_requests')).toMatchObject({
      id: args.id,
      customer_user_id: cast.cathy.id,
      chair_id: chairId,
      engineer_user_id: cast.eve.id,
      status: 'SCHEDULED',
      scheduled_date: inTwoDays,
      scheduled_time: '10:30',
      preferred_date: null,
      preferred_time: null,
      notes: 'Yearly inspection',
    });
    expect(rowOf(outcome, 'service_requests').confirmed_at).not.toBeNull();
    // An admin books too, today's first slot included.
    const other = await chair(cast.carl);
    const byAdmin = await callOp(
      cast.adam,
      'serviceRequest.book',
      booking(other, { scheduledDate: today, scheduledTime: '08:00', engineerUserId: cast.ed.id }),
    );
    expect(rowOf(byAdmin, 'service_requests')).toMatchObject({
      customer_user_id: cast.carl.id,
      engineer_user_id: cast.ed.id,
      scheduled_time: '08:00',
    });
  });

  it('is refused to customers and engineers', async () => {
    const chairId = await chair(cast.cathy);
    await expectForbiddenFor(
      [cast.cathy, cast.eve],
      'serviceRequest.book',
      booking(chairId),
      NO_PERMISSION,
    );
    expect(await requestsOn(chairId)).toEqual([]);
  });

  it('refuses a chair without an owner, with an open request, or that does not exist', async () => {
    expectRefused(
      await callOp(cast.vera, 'serviceRequest.book', booking(await chair(null))),
      409,
      'This chair has no owner to book a visit for',
    );
    const busy = await chair(cast.cathy);
    expect((await callOp(cast.vera, 'serviceRequest.book', booking(busy))).error).toBeNull();
    expectRefused(
      await callOp(cast.adam, 'serviceRequest.book', booking(busy, { scheduledTime: '14:00' })),
      409,
      'This chair already has an open service request',
    );
    expectRefused(
      await callOp(cast.vera, 'serviceRequest.book', booking(randomUUID())),
      404,
      'Chair not found',
    );
  });

  it('refuses a day in the past, a time off the booking slots and someone not an active engineer', async () => {
    const chairId = await chair(cast.cathy);
    const refusals: [Record<string, unknown>, string][] = [
      [{ scheduledDate: yesterday }, 'A visit cannot be booked in the past'],
      [{ scheduledTime: '10:15' }, SLOT_RULE],
      [{ scheduledTime: '07:30' }, SLOT_RULE],
      [{ scheduledTime: '17:00' }, SLOT_RULE],
      [{ engineerUserId: cast.vera.id }, 'Engineer not found'],
      [{ engineerUserId: randomUUID() }, 'Engineer not found'],
    ];
    for (const [changes, message] of refusals) {
      expectRefused(
        await callOp(cast.vera, 'serviceRequest.book', booking(chairId, changes)),
        400,
        message,
      );
    }
    await db.query(`update public.users set deleted_at = now() where id = $1`, [cast.ed.id]);
    try {
      expectRefused(
        await callOp(
          cast.vera,
          'serviceRequest.book',
          booking(chairId, { engineerUserId: cast.ed.id }),
        ),
        400,
        'Engineer not found',
      );
    } finally {
      await db.query(`update public.users set deleted_at = null where id = $1`, [cast.ed.id]);
    }
    expect(await requestsOn(chairId)).toEqual([]);
  });

  it('applies a replay once, and three concurrent sends of one change once', async () => {
    const chairId = await chair(cast.cathy);
    const args = booking(chairId);
    const { first, mutationId } = await expectReplayChangesNothing(
      cast.vera,
      'serviceRequest.book',
      args,
      () => requestsOn(chairId),
    );
    expect(first.error).toBeNull();
    expect(await requestsOn(chairId)).toEqual([{ id: args.id, status: 'SCHEDULED' }]);
    expect(await ledgerRows(db, mutationId)).toBe(1);

    const other = await chair(cast.carl);
    await expectConcurrentReplayAppliedOnce(db, cast.vera, 'serviceRequest.book', booking(other));
    expect(await requestsOn(other)).toHaveLength(1);
  });

  it('books one chair once when two dispatchers drop it at the same moment', async () => {
    const chairId = await chair(cast.cathy);
    const outcomes = await Promise.all([
      callOp(cast.vera, 'serviceRequest.book', booking(chairId)),
      callOp(cast.adam, 'serviceRequest.book', booking(chairId, { engineerUserId: cast.ed.id })),
    ]);
    const refused = outcomes.filter((o) => o.error !== null);
    expect(refused).toHaveLength(1);
    expectRefused(refused[0]!, 409, 'This chair already has an open service request');
    expect(await requestsOn(chairId)).toHaveLength(1);
  });
});

describe("a vendor's device", () => {
  it('reads the due chairs, offers them on the board, and books one offline, applied once after a lost answer', async () => {
    const vendor = await signUpActor(running.url, 'VENDOR', 'Dana Dispatch');
    const device = openNetDevice(vendor);
    try {
      const due = await chair(cast.cathy, 2);
      const overdue = await chair(cast.carl, -20);
      const later = await chair(cast.cathy, 25);
      const undated = await chair(cast.cathy, null);
      const stock = await chair(null, 1);
      await pullAll(device.mirror, device.transport);
      // The read: the customers' chairs with a next service date, not the stock nor the undated.
      const held = new Set(await device.mirror.chairs.toCollection().primaryKeys());
      expect([due, overdue, later].every((id) => held.has(id))).toBe(true);
      expect(held.has(undated)).toBe(false);
      expect(held.has(stock)).toBe(false);

      // The board's week ends in six days: the due and the overdue chair are offered, with their
      // owner's card; the one due in 25 days is not (yet).
      const now = new Date(`${today}T09:00:00`);
      const board = await loadBoard(device.mirror, today, lastDay);
      const offered = queueDueChairs(board.dueChairs, now, lastDay, board.chairsWithOpenRequest);
      expect(offered.map((c) => c.chair.id)).toEqual(expect.arrayContaining([overdue, due]));
      expect(offered.map((c) => c.chair.id)).not.toContain(later);
      expect(offered.find((c) => c.chair.id === due)?.customer?.name).toBe(cast.cathy.name);

      // Offline: the booking shows at once as the engineer's visit, and the chair leaves the queue.
      device.net.online = false;
      const args = booking(due, { scheduledDate: today, scheduledTime: '11:00' });
      await performMutation(device.mirror, vendor.id, 'serviceRequest.book', args);
      const offline = await loadBoard(device.mirror, today, lastDay);
      expect(offline.visits.map((v) => v.request)).toContainEqual(
        expect.objectContaining({
          id: args.id,
          engineerUserId: cast.eve.id,
          customerUserId: cast.cathy.id,
          status: 'SCHEDULED',
          scheduledTime: '11:00',
        }),
      );
      expect(
        queueDueChairs(offline.dueChairs, now, lastDay, offline.chairsWithOpenRequest).map(
          (c) => c.chair.id,
        ),
      ).not.toContain(due);
      expect((await pushDeviceOutbox(device)).stop?.kind).toBe('transient');

      // Online, the answer lost: the server applied it; the next push sends it again.
      device.net.online = true;
      device.net.dropNextResponse = true;
      expect((await pushDeviceOutbox(device)).stop?.kind).toBe('transient');
      await pullAll(device.mirror, device.transport);
      expect(await pushDeviceOutbox(device)).toEqual({ accepted: 1, rejected: 0 });
      await pullAll(device.mirror, device.transport);

      expect(await requestsOn(due)).toEqual([{ id: args.id, status: 'SCHEDULED' }]);
      expect(await device.mirror.outbox.count()).toBe(0);
      expect(await device.mirror.shadows.count()).toBe(0);
      const [mirror, server] = [await mirrorView(device.mirror), await serverView(vendor)];
      expect(mirror.serviceRequests).toEqual(server.serviceRequests);
    } finally {
      device.mirror.close();
    }
  });
});
