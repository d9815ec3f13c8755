// The mirror's assignee index after a pull (issue 19): a ticket the server reassigns or unassigns
// moves to its new key in the index the engineer's list reads, and a row with a pending local
// change (rebased on the pulled row) keeps the key of what the screen shows.
import { describe, expect, it } from 'vitest';
import { performMutation } from '../src/data/actions';
import { byAssignee, type ChairsideDatabase } from '../src/data/db';
import type { SupportTicket } from '../src/domain/entities';
import { pullTable } from './pull';
import {
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  freshDatabase,
  ok,
  scriptedTransport,
  ticketRow,
  toWire,
} from './testing/fixtures';

/** A server whose support_tickets are `rows()` at the time of each pull. */
function serverOf(rows: () => SupportTicket[]) {
  return scriptedTransport((fn, params) => {
    if (fn !== 'sync_pull') return ok({});
    const since = (params.after_updated_at as string | null) ?? '';
    const sinceId = (params.after_id as string | null) ?? '';
    const after = rows().filter(
      (r) => r.updatedAt > since || (r.updatedAt === since && r.id > sinceId),
    );
    return ok({ rows: after.map(toWire), total: null });
  });
}

const keyed = async (db: ChairsideDatabase) => ({
  mine: (await byAssignee(db.supportTickets, ENGINEER_ID).primaryKeys()).sort(),
  unassigned: (await byAssignee(db.supportTickets, null).primaryKeys()).sort(),
  theirs: (await byAssignee(db.supportTickets, OTHER_ENGINEER_ID).primaryKeys()).sort(),
});

describe('assignee index after a pull', () => {
  it('follows assignment, reassignment and unassignment made on the server', async () => {
    const db = freshDatabase();
    let ticket = ticketRow({ engineerUserId: null, updatedAt: '2026-11-20T09:00:00.000Z' });
    const transport = serverOf(() => [ticket]);
    const step = async (engineerUserId: string | null, updatedAt: string) => {
      ticket = { ...ticket, engineerUserId, updatedAt };
      await pullTable(db, transport, 'supportTickets');
      return keyed(db);
    };

    await pullTable(db, transport, 'supportTickets');
    expect(await keyed(db)).toEqual({ mine: [], unassigned: [ticket.id], theirs: [] });
    expect(await step(OTHER_ENGINEER_ID, '2026-11-20T10:00:00.000Z')).toEqual({
      mine: [],
      unassigned: [],
      theirs: [ticket.id],
    });
    expect(await step(ENGINEER_ID, '2026-11-20T11:00:00.000Z')).toEqual({
      mine: [ticket.id],
      unassigned: [],
      theirs: [],
    });
    expect(await step(null, '2026-11-20T12:00:00.000Z')).toEqual({
      mine: [],
      unassigned: [ticket.id],
      theirs: [],
    });
    expect(await db.supportTickets.get(ticket.id)).toEqual(ticket);
  });

  it('keeps a pending take on top of a pulled change under the taker', async () => {
    const db = freshDatabase();
    let ticket = ticketRow({ engineerUserId: null, updatedAt: '2026-11-20T09:00:00.000Z' });
    const transport = serverOf(() => [ticket]);
    await pullTable(db, transport, 'supportTickets');
    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    expect(await keyed(db)).toEqual({ mine: [ticket.id], unassigned: [], theirs: [] });

    // The server changes the title meanwhile: the rebased row is still the engineer's.
    ticket = {
      ...ticket,
      title: 'Chair will not recline at all',
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    await pullTable(db, transport, 'supportTickets');
    expect(await keyed(db)).toEqual({ mine: [ticket.id], unassigned: [], theirs: [] });
    expect(await db.supportTickets.get(ticket.id)).toMatchObject({
      title: 'Chair will not recline at all',
      engineerUserId: ENGINEER_ID,
    });
  });
});
