// Guarded support-ticket operations (supabase/migrations/20261123000004_tickets.sql) through
// supabase-js against the local server: role and assignment rules, SPEC messages, at-most-once
// replays, and contended calls (take, per-field notes patches) from parallel clients.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import type { MutationName } from '../../src/domain/mutations';
import { callOp, rowOf, signUpActor, type Actor } from './actors';
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
  secondSession,
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
let pump: string;
let pedal: string;
let retiredPart: string;

interface TicketRow {
  id: string;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  customer_user_id: string | null;
  engineer_user_id: string | null;
  chair_id: string | null;
  resolution: string | null;
  service_notes: Record<string, unknown> | null;
  updated_at: string;
}

interface PartLine {
  lineId: string;
  partId: string;
  partName: string;
  partCode: string | null;
  price: number;
  quantity: number;
  condition: string;
}

interface SeedTicket {
  status?: string;
  engineer?: string | null;
  notes?: Record<string, unknown> | null;
}

async function seedTicket(seed: SeedTicket = {}): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into public.support_tickets
       (id, title, description, status, priority, customer_user_id, engineer_user_id, service_notes)
     values ($1, 'Chair will not rise', 'The base pump hums but nothing moves', $2, 'HIGH', $3, $4, $5)`,
    [
      id,
      seed.status ?? 'OPEN',
      cathy.id,
      seed.engineer ?? null,
      seed.notes === undefined || seed.notes === null ? null : JSON.stringify(seed.notes),
    ],
  );
  return id;
}

async function ticket(id: string): Promise<TicketRow> {
  const { rows } = await db.query<TicketRow>(
    `select *, updated_at::text as updated_at from public.support_tickets where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`ticket ${id} missing`);
  return row;
}

function partsOf(row: TicketRow | Record<string, unknown>): PartLine[] {
  const notes = row.service_notes as { partsUsed?: PartLine[] } | null;
  return notes?.partsUsed ?? [];
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
  [cathyChair, carlChair] = await seedRegisteredChairs(db, 'TK', cathy, carl);
  pump = randomUUID();
  pedal = randomUUID();
  retiredPart = randomUUID();
  await db.query(
    `insert into public.parts (id, name, part_code, price, stock, deleted_at) values
       ($1, 'Hydraulic pump', 'HP-1', 120.5, 3, null),
       ($2, 'Foot pedal', 'FP-1', 20, 9, null),
       ($3, 'Old valve', 'OV-1', 4, 0, now())`,
    [pump, pedal, retiredPart],
  );
});

afterAll(() => closeOpsBackend(db, running));

describe('ticket.create', () => {
  it('creates an OPEN ticket with the client id for the calling customer, text trimmed', async () => {
    const id = randomUUID();
    const outcome = await callOp(cathy, 'ticket.create', {
      id,
      title: '  Squeaking headrest  ',
      description: '  The headrest squeaks when tilted back  ',
      priority: 'LOW',
      chairId: cathyChair,
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'support_tickets')).toMatchObject({
      id,
      title: 'Squeaking headrest',
      description: 'The headrest squeaks when tilted back',
      status: 'OPEN',
      priority: 'LOW',
      customer_user_id: cathy.id,
      engineer_user_id: null,
      chair_id: cathyChair,
    });
    expect((await ticket(id)).status).toBe('OPEN');
  });

  it('accepts a ticket without a chair', async () => {
    const outcome = await callOp(cathy, 'ticket.create', {
      id: randomUUID(),
      title: 'General question',
      description: 'How often should the chair be serviced?',
      priority: 'NORMAL',
      chairId: null,
    });
    expect(rowOf(outcome, 'support_tickets').chair_id).toBeNull();
  });

  it('checks title, description and priority with the SPEC messages', async () => {
    const base = {
      title: 'Leak',
      description: 'Water drips from the cuspidor',
      priority: 'URGENT',
    };
    expectRefused(
      await callOp(cathy, 'ticket.create', { ...base, id: randomUUID(), title: '   ' }),
      400,
      'Title is required',
    );
    expectRefused(
      await callOp(cathy, 'ticket.create', {
        ...base,
        id: randomUUID(),
        description: '   too short    ',
      }),
      400,
      'Description must be at least 10 characters',
    );
    expectRefused(
      await callOp(cathy, 'ticket.create', { ...base, id: randomUUID(), priority: 'SOMEDAY' }),
      400,
      'Priority is required',
    );
    const { title: _title, ...withoutTitle } = base;
    expectRefused(
      await callOp(cathy, 'ticket.create', { ...withoutTitle, id: randomUUID() }),
      400,
      'Title is required',
    );
  });

  it("refuses a chair the customer does not own with 'Chair not found'", async () => {
    const id = randomUUID();
    const outcome = await callOp(cathy, 'ticket.create', {
      id,
      title: 'Not mine',
      description: 'Trying to use somebody else chair',
      priority: 'LOW',
      chairId: carlChair,
    });
    expectRefused(outcome, 404, 'Chair not found');
    const { rows } = await db.query(`select 1 from public.support_tickets where id = $1`, [id]);
    expect(rows).toHaveLength(0);
  });

  it('is refused for engineers, vendors and admins', async () => {
    await expectRolesRefused([eve, vera, adam], 'ticket.create', {
      id: randomUUID(),
      title: 'Staff ticket',
      description: 'Staff cannot raise customer tickets',
      priority: 'LOW',
    });
  });

  it('replays the same mutation id with the first result and one row', async () => {
    const id = randomUUID();
    const mutationId = randomUUID();
    const args = {
      id,
      title: 'Light flickers',
      description: 'The operating light flickers at full power',
      priority: 'HIGH',
    };
    const first = await callOp(cathy, 'ticket.create', args, mutationId);
    const again = await callOp(cathy, 'ticket.create', args, mutationId);
    expect(again.error).toBeNull();
    expect(again.data).toEqual(first.data);
    const { rows } = await db.query(`select 1 from public.support_tickets where id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(await ledgerRows(db, mutationId)).toBe(1);
  });

  it('refuses a new mutation that reuses an existing ticket id as a conflict', async () => {
    const id = await seedTicket();
    const outcome = await callOp(cathy, 'ticket.create', {
      id,
      title: 'Duplicate',
      description: 'Same id as an existing ticket',
      priority: 'LOW',
    });
    expectRefused(outcome, 409, 'This ticket already exists');
  });
});

describe('ticket.take', () => {
  it('assigns an unassigned ticket to the engineer and marks it in progress', async () => {
    const id = await seedTicket();
    const outcome = await callOp(eve, 'ticket.take', { ticketId: id });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'support_tickets')).toMatchObject({
      id,
      engineer_user_id: eve.id,
      status: 'IN_PROGRESS',
    });
  });

  it("names the engineer who already has the ticket: 'This ticket has already been taken by'", async () => {
    const id = await seedTicket({ engineer: ed.id, status: 'IN_PROGRESS' });
    const before = await ticket(id);
    expectRefused(
      await callOp(eve, 'ticket.take', { ticketId: id }),
      409,
      'This ticket has already been taken by Ed Engineer',
    );
    expect(await ticket(id)).toEqual(before);
  });

  it('succeeds when the ticket is already mine and moves OPEN to IN_PROGRESS', async () => {
    const id = await seedTicket({ engineer: eve.id, status: 'OPEN' });
    const outcome = await callOp(eve, 'ticket.take', { ticketId: id });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'support_tickets')).toMatchObject({
      engineer_user_id: eve.id,
      status: 'IN_PROGRESS',
    });
  });

  it('refuses resolved or closed unassigned tickets with a readable status', async () => {
    const resolved = await seedTicket({ status: 'RESOLVED' });
    const closed = await seedTicket({ status: 'CLOSED' });
    expectRefused(
      await callOp(eve, 'ticket.take', { ticketId: resolved }),
      409,
      'This ticket is already resolved',
    );
    expectRefused(
      await callOp(eve, 'ticket.take', { ticketId: closed }),
      409,
      'This ticket is already closed',
    );
    expect((await ticket(resolved)).engineer_user_id).toBeNull();
  });

  it("answers an unknown ticket with 'Ticket not found'", async () => {
    expectRefused(
      await callOp(eve, 'ticket.take', { ticketId: randomUUID() }),
      404,
      'Ticket not found',
    );
  });

  it('is refused for customers, vendors and admins', async () => {
    const id = await seedTicket();
    await expectRolesRefused([cathy, vera, adam], 'ticket.take', { ticketId: id });
    expect((await ticket(id)).engineer_user_id).toBeNull();
  });

  it('lets exactly one of two engineers win when both take at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await seedTicket();
      const { winnerId, winnerName, loser } = await raceTwoEngineers(
        eve,
        ed,
        'ticket.take',
        { ticketId: id },
        'support_tickets',
      );
      expectRefused(loser, 409, `This ticket has already been taken by ${winnerName}`);
      const row = await ticket(id);
      expect(row.engineer_user_id).toBe(winnerId);
      expect(row.status).toBe('IN_PROGRESS');
    }
  });

  it('replays one mutation id sequentially and concurrently with the first result', async () => {
    const id = await seedTicket();
    const mutationId = randomUUID();
    const first = await callOp(eve, 'ticket.take', { ticketId: id }, mutationId);
    expect(first.error).toBeNull();
    // The world moves on: an admin sets the status back; the replay must not re-apply.
    await db.query(`update public.support_tickets set status = 'OPEN' where id = $1`, [id]);
    const after = await ticket(id);
    const again = await callOp(eve, 'ticket.take', { ticketId: id }, mutationId);
    expect(again.data).toEqual(first.data);
    expect(await ticket(id)).toEqual(after);
    expect(await ledgerRows(db, mutationId)).toBe(1);

    const id2 = await seedTicket();
    await expectConcurrentReplayAppliedOnce(db, eve, 'ticket.take', { ticketId: id2 });
  });
});

describe('ticket.assign', () => {
  it('lets a vendor assign an OPEN ticket, moving it to IN_PROGRESS', async () => {
    const id = await seedTicket();
    const outcome = await callOp(vera, 'ticket.assign', { ticketId: id, engineerUserId: ed.id });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'support_tickets')).toMatchObject({
      engineer_user_id: ed.id,
      status: 'IN_PROGRESS',
    });
  });

  it('lets an admin reassign without changing a non-OPEN status', async () => {
    const id = await seedTicket({ engineer: ed.id, status: 'IN_PROGRESS' });
    const outcome = await callOp(adam, 'ticket.assign', { ticketId: id, engineerUserId: eve.id });
    expect(rowOf(outcome, 'support_tickets')).toMatchObject({
      engineer_user_id: eve.id,
      status: 'IN_PROGRESS',
    });
  });

  it('refuses to reassign a RESOLVED or CLOSED ticket: its credit stays (issue 29)', async () => {
    for (const [status, word] of [
      ['RESOLVED', 'resolved'],
      ['CLOSED', 'closed'],
    ] as const) {
      const id = await seedTicket({ engineer: ed.id, status });
      const before = await ticket(id);
      expectRefused(
        await callOp(vera, 'ticket.assign', { ticketId: id, engineerUserId: eve.id }),
        409,
        `This ticket is already ${word}`,
      );
      expect(await ticket(id)).toEqual(before);
    }
  });

  it("refuses a target that is not an active engineer with 'Engineer not found'", async () => {
    const id = await seedTicket();
    const retired = await signUpActor(running.url, 'ENGINEER', 'Rita Retired');
    await db.query(`update public.users set deleted_at = now() where id = $1`, [retired.id]);
    for (const engineerUserId of [cathy.id, vera.id, randomUUID(), retired.id, 'nobody']) {
      expectRefused(
        await callOp(vera, 'ticket.assign', { ticketId: id, engineerUserId }),
        400,
        'Engineer not found',
      );
    }
    expect((await ticket(id)).engineer_user_id).toBeNull();
  });

  it("answers an unknown ticket with 'Ticket not found'", async () => {
    expectRefused(
      await callOp(vera, 'ticket.assign', { ticketId: randomUUID(), engineerUserId: eve.id }),
      404,
      'Ticket not found',
    );
  });

  it('is refused for customers and engineers', async () => {
    const id = await seedTicket();
    await expectRolesRefused([cathy, eve], 'ticket.assign', {
      ticketId: id,
      engineerUserId: eve.id,
    });
    expect((await ticket(id)).engineer_user_id).toBeNull();
  });

  it('replays with the first result and no second change', async () => {
    const id = await seedTicket();
    await expectReplayChangesNothing(
      vera,
      'ticket.assign',
      { ticketId: id, engineerUserId: ed.id },
      () => ticket(id),
    );
  });
});

describe('ticket.setStatus', () => {
  it('lets the assigned engineer set each of the four statuses', async () => {
    const id = await seedTicket({ engineer: eve.id, status: 'IN_PROGRESS' });
    for (const status of ['RESOLVED', 'CLOSED', 'OPEN', 'IN_PROGRESS']) {
      const outcome = await callOp(eve, 'ticket.setStatus', { ticketId: id, status });
      expect(rowOf(outcome, 'support_tickets').status).toBe(status);
    }
  });

  it('refuses an engineer who is not assigned', async () => {
    const theirs = await seedTicket({ engineer: ed.id, status: 'IN_PROGRESS' });
    const unassigned = await seedTicket();
    for (const ticketId of [theirs, unassigned]) {
      expectRefused(
        await callOp(eve, 'ticket.setStatus', { ticketId, status: 'CLOSED' }),
        403,
        'Only the assigned engineer can change the status',
      );
    }
    expect((await ticket(theirs)).status).toBe('IN_PROGRESS');
  });

  it('lets an admin set the status; customers and vendors are refused', async () => {
    const id = await seedTicket({ engineer: ed.id, status: 'IN_PROGRESS' });
    const outcome = await callOp(adam, 'ticket.setStatus', { ticketId: id, status: 'CLOSED' });
    expect(rowOf(outcome, 'support_tickets').status).toBe('CLOSED');
    await expectRolesRefused([cathy, vera], 'ticket.setStatus', { ticketId: id, status: 'OPEN' });
    expect((await ticket(id)).status).toBe('CLOSED');
  });

  it('refuses an unknown status and an unknown ticket', async () => {
    const id = await seedTicket({ engineer: eve.id });
    expectRefused(await callOp(eve, 'ticket.setStatus', { ticketId: id, status: 'DONE' }), 400);
    expectRefused(
      await callOp(eve, 'ticket.setStatus', { ticketId: randomUUID(), status: 'OPEN' }),
      404,
      'Ticket not found',
    );
  });

  it('replays with the first result and no second change', async () => {
    const id = await seedTicket({ engineer: eve.id, status: 'IN_PROGRESS' });
    const mutationId = randomUUID();
    const first = await callOp(
      eve,
      'ticket.setStatus',
      { ticketId: id, status: 'CLOSED' },
      mutationId,
    );
    await callOp(eve, 'ticket.setStatus', { ticketId: id, status: 'OPEN' });
    const before = await ticket(id);
    const again = await callOp(
      eve,
      'ticket.setStatus',
      { ticketId: id, status: 'CLOSED' },
      mutationId,
    );
    expect(again.data).toEqual(first.data);
    expect(await ticket(id)).toEqual(before);
    expect(before.status).toBe('OPEN');
  });
});

describe('ticket.updateServiceNotes', () => {
  it('merges the patch server-side: top-level keys overwrite, conditionReport one level deeper, partsUsed untouched', async () => {
    const line = {
      lineId: randomUUID(),
      partId: pump,
      partName: 'Hydraulic pump',
      partCode: 'HP-1',
      price: 120.5,
      quantity: 1,
      condition: 'NEW',
    };
    const id = await seedTicket({
      engineer: eve.id,
      status: 'IN_PROGRESS',
      notes: {
        workPerformed: 'old text',
        timeSpent: 30,
        conditionReport: { afterService: 'Runs smoothly', recommendations: 'None' },
        partsUsed: [line],
      },
    });
    const outcome = await callOp(eve, 'ticket.updateServiceNotes', {
      ticketId: id,
      patch: {
        workPerformed: 'Replaced the pump seal',
        workType: 'WARRANTY',
        followUpRequired: true,
        conditionReport: { beforeService: 'Leaking oil', recommendations: 'Check in 6 months' },
        partsUsed: [],
      },
    });
    expect(outcome.error).toBeNull();
    const notes = rowOf(outcome, 'support_tickets').service_notes;
    expect(notes).toEqual({
      workPerformed: 'Replaced the pump seal',
      timeSpent: 30,
      workType: 'WARRANTY',
      followUpRequired: true,
      conditionReport: {
        beforeService: 'Leaking oil',
        afterService: 'Runs smoothly',
        recommendations: 'Check in 6 months',
      },
      partsUsed: [line],
    });
    expect((await ticket(id)).service_notes).toEqual(notes);
  });

  it('starts notes on a ticket that has none and lets an engineer note an unassigned ticket', async () => {
    const id = await seedTicket();
    const outcome = await callOp(ed, 'ticket.updateServiceNotes', {
      ticketId: id,
      patch: { timeSpent: 0, damageDescription: 'Scratched base cover' },
    });
    expect(rowOf(outcome, 'support_tickets')).toMatchObject({
      engineer_user_id: null,
      service_notes: { timeSpent: 0, damageDescription: 'Scratched base cover' },
    });
  });

  it("checks timeSpent ('Time spent must be 0 or more') and workType", async () => {
    const id = await seedTicket({ engineer: eve.id });
    expectRefused(
      await callOp(eve, 'ticket.updateServiceNotes', { ticketId: id, patch: { timeSpent: -5 } }),
      400,
      'Time spent must be 0 or more',
    );
    expectRefused(
      await callOp(eve, 'ticket.updateServiceNotes', {
        ticketId: id,
        patch: { timeSpent: 'an hour' },
      }),
      400,
      'Time spent must be 0 or more',
    );
    expectRefused(
      await callOp(eve, 'ticket.updateServiceNotes', { ticketId: id, patch: { workType: 'FREE' } }),
      400,
    );
    expectRefused(await callOp(eve, 'ticket.updateServiceNotes', { ticketId: id }), 400);
    expect((await ticket(id)).service_notes).toBeNull();
  });

  it('refuses an engineer on a ticket assigned to someone else; admin may; customers and vendors may not', async () => {
    const id = await seedTicket({ engineer: ed.id, status: 'IN_PROGRESS' });
    const refused = await callOp(eve, 'ticket.updateServiceNotes', {
      ticketId: id,
      patch: { workPerformed: 'sneaky' },
    });
    expect([403, 404]).toContain(refused.status);
    await expectRolesRefused([cathy, vera], 'ticket.updateServiceNotes', {
      ticketId: id,
      patch: { workPerformed: 'sneaky' },
    });
    expect((await ticket(id)).service_notes).toBeNull();
    const byAdmin = await callOp(adam, 'ticket.updateServiceNotes', {
      ticketId: id,
      patch: { followUpNotes: 'Admin note' },
    });
    expect(rowOf(byAdmin, 'support_tickets').service_notes).toEqual({
      followUpNotes: 'Admin note',
    });
  });

  it('keeps both of two concurrent patches of different fields (5 rounds)', async () => {
    const eveAgain = await secondSession(running.url, eve);
    for (let round = 0; round < 5; round += 1) {
      const id = await seedTicket({
        engineer: eve.id,
        status: 'IN_PROGRESS',
        notes: { conditionReport: { afterService: 'kept' } },
      });
      const [a, b] = await Promise.all([
        callOp(eve, 'ticket.updateServiceNotes', {
          ticketId: id,
          patch: { workPerformed: `Round ${round}: bled the hydraulics` },
        }),
        callOp(eveAgain, 'ticket.updateServiceNotes', {
          ticketId: id,
          patch: { timeSpent: 45 + round, conditionReport: { beforeService: 'Sagging' } },
        }),
      ]);
      expect(a.error).toBeNull();
      expect(b.error).toBeNull();
      expect((await ticket(id)).service_notes).toEqual({
        workPerformed: `Round ${round}: bled the hydraulics`,
        timeSpent: 45 + round,
        conditionReport: { beforeService: 'Sagging', afterService: 'kept' },
      });
    }
  });

  it('replays one mutation id sequentially and concurrently, applying it once', async () => {
    const id = await seedTicket({ engineer: eve.id, status: 'IN_PROGRESS' });
    const mutationId = randomUUID();
    const args = { ticketId: id, patch: { workPerformed: 'first version' } };
    const first = await callOp(eve, 'ticket.updateServiceNotes', args, mutationId);
    await callOp(eve, 'ticket.updateServiceNotes', {
      ticketId: id,
      patch: { workPerformed: 'edited later' },
    });
    const before = await ticket(id);
    const again = await callOp(eve, 'ticket.updateServiceNotes', args, mutationId);
    expect(again.data).toEqual(first.data);
    expect(await ticket(id)).toEqual(before);
    expect(before.service_notes).toEqual({ workPerformed: 'edited later' });
    expect(await ledgerRows(db, mutationId)).toBe(1);

    await expectConcurrentReplayAppliedOnce(db, eve, 'ticket.updateServiceNotes', {
      ticketId: id,
      patch: { timeSpent: 90 },
    });
    expect((await ticket(id)).service_notes).toEqual({
      workPerformed: 'edited later',
      timeSpent: 90,
    });
  });
});

describe('ticket.addPart and ticket.removePart', () => {
  it('appends a line with the part name, code, price, quantity and condition', async () => {
    const id = await seedTicket({ engineer: eve.id, status: 'IN_PROGRESS' });
    const lineId = randomUUID();
    const outcome = await callOp(eve, 'ticket.addPart', {
      ticketId: id,
      lineId,
      partId: pump,
      quantity: 2,
      condition: 'REFURBISHED',
    });
    expect(outcome.error).toBeNull();
    expect(partsOf(rowOf(outcome, 'support_tickets'))).toEqual([
      {
        lineId,
        partId: pump,
        partName: 'Hydraulic pump',
        partCode: 'HP-1',
        price: 120.5,
        quantity: 2,
        condition: 'REFURBISHED',
      },
    ]);
  });

  it('defaults the condition to NEW and turns an invalid quantity into 1', async () => {
    const id = await seedTicket({ engineer: eve.id });
    for (const quantity of [0, -3, undefined, null]) {
      await callOp(eve, 'ticket.addPart', {
        ticketId: id,
        lineId: randomUUID(),
        partId: pedal,
        quantity,
      });
    }
    await callOp(eve, 'ticket.addPart', {
      ticketId: id,
      lineId: randomUUID(),
      partId: pedal,
      quantity: 2.7,
    });
    const lines = partsOf(await ticket(id));
    expect(lines.map((l) => l.quantity)).toEqual([1, 1, 1, 1, 2]);
    expect(new Set(lines.map((l) => l.condition))).toEqual(new Set(['NEW']));
  });

  it('adds the same line only once', async () => {
    const id = await seedTicket({ engineer: eve.id });
    const lineId = randomUUID();
    const args = { ticketId: id, lineId, partId: pedal, quantity: 1, condition: 'NEW' };
    await callOp(eve, 'ticket.addPart', args);
    const before = await ticket(id);
    const second = await callOp(eve, 'ticket.addPart', args);
    expect(second.error).toBeNull();
    expect(partsOf(rowOf(second, 'support_tickets'))).toHaveLength(1);
    expect(await ticket(id)).toEqual(before);
  });

  it("refuses a missing part ('Please select a part') and an unknown or deleted one ('Part not found')", async () => {
    const id = await seedTicket({ engineer: eve.id });
    expectRefused(
      await callOp(eve, 'ticket.addPart', { ticketId: id, lineId: randomUUID(), partId: '' }),
      400,
      'Please select a part',
    );
    expectRefused(
      await callOp(eve, 'ticket.addPart', { ticketId: id, lineId: randomUUID(), quantity: 1 }),
      400,
      'Please select a part',
    );
    for (const partId of [randomUUID(), retiredPart, 'pump']) {
      expectRefused(
        await callOp(eve, 'ticket.addPart', { ticketId: id, lineId: randomUUID(), partId }),
        404,
        'Part not found',
      );
    }
    expect((await ticket(id)).service_notes).toBeNull();
  });

  it('refuses other engineers, customers and vendors; admin may add', async () => {
    const id = await seedTicket({ engineer: ed.id, status: 'IN_PROGRESS' });
    const args = { ticketId: id, lineId: randomUUID(), partId: pedal, quantity: 1 };
    expect([403, 404]).toContain((await callOp(eve, 'ticket.addPart', args)).status);
    await expectRolesRefused([cathy, vera], 'ticket.addPart', args);
    expect((await ticket(id)).service_notes).toBeNull();
    const byAdmin = await callOp(adam, 'ticket.addPart', args);
    expect(partsOf(rowOf(byAdmin, 'support_tickets'))).toHaveLength(1);
  });

  it('removes a line by its id and treats a missing line as done', async () => {
    const id = await seedTicket({ engineer: eve.id });
    const keep = randomUUID();
    const drop = randomUUID();
    await callOp(eve, 'ticket.addPart', { ticketId: id, lineId: keep, partId: pump, quantity: 1 });
    await callOp(eve, 'ticket.addPart', { ticketId: id, lineId: drop, partId: pedal, quantity: 3 });
    const removed = await callOp(eve, 'ticket.removePart', { ticketId: id, lineId: drop });
    expect(removed.error).toBeNull();
    expect(partsOf(rowOf(removed, 'support_tickets')).map((l) => l.lineId)).toEqual([keep]);
    const before = await ticket(id);
    const missing = await callOp(eve, 'ticket.removePart', { ticketId: id, lineId: drop });
    expect(missing.error).toBeNull();
    expect(await ticket(id)).toEqual(before);
  });

  it('refuses removal by other engineers, customers and vendors', async () => {
    const lineId = randomUUID();
    const id = await seedTicket({
      engineer: ed.id,
      notes: {
        partsUsed: [
          {
            lineId,
            partId: pump,
            partName: 'Hydraulic pump',
            partCode: 'HP-1',
            price: 1,
            quantity: 1,
            condition: 'NEW',
          },
        ],
      },
    });
    expect([403, 404]).toContain(
      (await callOp(eve, 'ticket.removePart', { ticketId: id, lineId })).status,
    );
    await expectRolesRefused([cathy, vera], 'ticket.removePart', { ticketId: id, lineId });
    expect(partsOf(await ticket(id))).toHaveLength(1);
  });

  it('replays an addPart with the first result and one line', async () => {
    const id = await seedTicket({ engineer: eve.id });
    const mutationId = randomUUID();
    const args = { ticketId: id, lineId: randomUUID(), partId: pump, quantity: 1 };
    const first = await callOp(eve, 'ticket.addPart', args, mutationId);
    const [again, again2] = await Promise.all([
      callOp(eve, 'ticket.addPart', args, mutationId),
      callOp(eve, 'ticket.addPart', args, mutationId),
    ]);
    expect(again.data).toEqual(first.data);
    expect(again2.data).toEqual(first.data);
    expect(partsOf(await ticket(id))).toHaveLength(1);
    expect(await ledgerRows(db, mutationId)).toBe(1);
  });
});

describe('ticket.resolve', () => {
  it('resolves with the trimmed resolution and stamps completedAt', async () => {
    const id = await seedTicket({
      engineer: eve.id,
      status: 'IN_PROGRESS',
      notes: { workPerformed: 'Bled the hydraulics' },
    });
    const started = Date.now();
    const outcome = await callOp(eve, 'ticket.resolve', {
      ticketId: id,
      resolution: '  Pump seal replaced  ',
    });
    const row = rowOf(outcome, 'support_tickets');
    expect(row).toMatchObject({
      status: 'RESOLVED',
      resolution: 'Pump seal replaced',
      engineer_user_id: eve.id,
    });
    const notes = row.service_notes as { completedAt: string; workPerformed: string };
    expect(notes.workPerformed).toBe('Bled the hydraulics');
    expect(notes.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(notes.completedAt) - started)).toBeLessThan(60_000);
  });

  it('assigns an unassigned ticket to the resolving engineer', async () => {
    const id = await seedTicket();
    const outcome = await callOp(ed, 'ticket.resolve', { ticketId: id, resolution: 'Fixed' });
    expect(rowOf(outcome, 'support_tickets')).toMatchObject({
      engineer_user_id: ed.id,
      status: 'RESOLVED',
    });
  });

  it("refuses a blank resolution with 'Please provide a resolution description'", async () => {
    const id = await seedTicket({ engineer: eve.id });
    for (const resolution of ['   ', '', undefined]) {
      expectRefused(
        await callOp(eve, 'ticket.resolve', { ticketId: id, resolution }),
        400,
        'Please provide a resolution description',
      );
    }
    expect((await ticket(id)).status).toBe('OPEN');
  });

  it('refuses customers, vendors and other engineers; admin may resolve', async () => {
    const id = await seedTicket({ engineer: ed.id, status: 'IN_PROGRESS' });
    expect([403, 404]).toContain(
      (await callOp(eve, 'ticket.resolve', { ticketId: id, resolution: 'Not mine' })).status,
    );
    await expectRolesRefused([cathy, vera], 'ticket.resolve', { ticketId: id, resolution: 'x' });
    expect((await ticket(id)).status).toBe('IN_PROGRESS');
    const byAdmin = await callOp(adam, 'ticket.resolve', {
      ticketId: id,
      resolution: 'Closed out',
    });
    expect(rowOf(byAdmin, 'support_tickets')).toMatchObject({
      status: 'RESOLVED',
      engineer_user_id: ed.id,
    });
  });

  it('replays with the first result and no second change', async () => {
    const id = await seedTicket({ engineer: eve.id, status: 'IN_PROGRESS' });
    const args = { ticketId: id, resolution: 'Done' };
    await expectReplayChangesNothing(eve, 'ticket.resolve', args, () => ticket(id));
  });

  it('refuses a ticket an admin closed, for an engineer (unassigned or own) and an admin, changing nothing', async () => {
    const unassigned = await seedTicket({ status: 'CLOSED' });
    const own = await seedTicket({ status: 'CLOSED', engineer: eve.id });
    const before = [await ticket(unassigned), await ticket(own)];
    for (const [actor, id] of [
      [eve, unassigned],
      [eve, own],
      [adam, own],
    ] as const) {
      expectRefused(
        await callOp(actor, 'ticket.resolve', { ticketId: id, resolution: 'Replaced the pump' }),
        409,
        'This ticket is closed and cannot be resolved',
      );
    }
    expect([await ticket(unassigned), await ticket(own)]).toEqual(before);
  });
});

describe('customers cannot work tickets', () => {
  it('refuses a customer taking, assigning or resolving their own ticket', async () => {
    const id = await seedTicket();
    expectRefused(await callOp(cathy, 'ticket.take', { ticketId: id }), 403);
    expectRefused(
      await callOp(cathy, 'ticket.assign', { ticketId: id, engineerUserId: eve.id }),
      403,
    );
    expectRefused(await callOp(cathy, 'ticket.resolve', { ticketId: id, resolution: 'Fine' }), 403);
    const row = await ticket(id);
    expect(row).toMatchObject({ status: 'OPEN', engineer_user_id: null, resolution: null });
  });
});

describe('malformed args', () => {
  const ops: [MutationName, Record<string, unknown>][] = [
    ['ticket.take', {}],
    ['ticket.setStatus', { status: 'OPEN' }],
    ['ticket.updateServiceNotes', { patch: {} }],
    ['ticket.addPart', { lineId: randomUUID(), partId: randomUUID(), quantity: 1 }],
    ['ticket.removePart', { lineId: randomUUID() }],
    ['ticket.resolve', { resolution: 'x' }],
  ];

  it('answers a missing or non-uuid ticketId with a 400 validation error', async () => {
    for (const [name, args] of ops) {
      expectRefused(await callOp(eve, name, args), 400, 'A valid ticket id is required');
      for (const ticketId of ['not-a-uuid', 42, null, { id: 1 }]) {
        expectRefused(await callOp(eve, name, { ...args, ticketId }), 400);
      }
    }
  });

  it("answers quantity 'abc' and other ill-typed args with a 4xx, never a 5xx", async () => {
    const id = await seedTicket({ engineer: eve.id });
    const cases: [MutationName, Record<string, unknown>][] = [
      ['ticket.addPart', { ticketId: id, lineId: randomUUID(), partId: pump, quantity: 'abc' }],
      ['ticket.addPart', { ticketId: id, lineId: 'line-1', partId: pump, quantity: 1 }],
      ['ticket.addPart', { ticketId: id, lineId: randomUUID(), partId: pump, condition: 'MINT' }],
      ['ticket.updateServiceNotes', { ticketId: id, patch: 'notes' }],
      ['ticket.updateServiceNotes', { ticketId: id, patch: { conditionReport: 'fine' } }],
      ['ticket.updateServiceNotes', { ticketId: id, patch: { followUpRequired: 'yes' } }],
      ['ticket.setStatus', { ticketId: id, status: 3 }],
      [
        'ticket.create',
        { id: 'abc', title: 'T', description: 'Long enough text', priority: 'LOW' },
      ],
      ['ticket.assign', { ticketId: id, engineerUserId: 17 }],
    ];
    for (const [name, args] of cases) {
      const actor = name === 'ticket.create' ? cathy : name === 'ticket.assign' ? vera : eve;
      const outcome = await callOp(actor, name, args);
      expect(outcome.status, `${name} ${JSON.stringify(args)}`).toBeGreaterThanOrEqual(400);
      expect(outcome.status, `${name} ${JSON.stringify(args)}`).toBeLessThan(500);
    }
    expect((await ticket(id)).service_notes).toBeNull();
  });
});
