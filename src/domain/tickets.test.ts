import { describe, expect, it } from 'vitest';
import {
  mergeServiceNotes,
  statusWord,
  takeTicketRefusal,
  takenByFromMessage,
  ticketStatusAfterAssign,
  ticketStatusAfterTake,
} from './tickets';

const ME = 'me';

describe('ticket status rules (SPEC §4 Ticket)', () => {
  it('assigning moves OPEN to IN_PROGRESS and keeps the rest', () => {
    expect(ticketStatusAfterAssign('OPEN')).toBe('IN_PROGRESS');
    expect(ticketStatusAfterAssign('RESOLVED')).toBe('RESOLVED');
    expect(ticketStatusAfterAssign('CLOSED')).toBe('CLOSED');
  });

  it('taking an unassigned ticket sets IN_PROGRESS; my own keeps anything but OPEN', () => {
    expect(ticketStatusAfterTake({ status: 'OPEN', engineerUserId: null })).toBe('IN_PROGRESS');
    expect(ticketStatusAfterTake({ status: 'OPEN', engineerUserId: ME })).toBe('IN_PROGRESS');
    expect(ticketStatusAfterTake({ status: 'RESOLVED', engineerUserId: ME })).toBe('RESOLVED');
  });

  it("refuses another engineer's ticket and an unassigned finished one", () => {
    expect(takeTicketRefusal({ status: 'OPEN', engineerUserId: 'ed' }, ME)).toEqual({
      kind: 'taken',
    });
    expect(takeTicketRefusal({ status: 'CLOSED', engineerUserId: null }, ME)).toEqual({
      kind: 'finished',
      message: 'This ticket is already closed',
    });
    expect(takeTicketRefusal({ status: 'RESOLVED', engineerUserId: ME }, ME)).toBeNull();
    expect(statusWord('IN_PROGRESS')).toBe('in progress');
  });

  it("reads the other engineer's name back from a refused take, and nothing from other reasons", () => {
    expect(takenByFromMessage('This ticket has already been taken by Nina Patel')).toBe(
      'Nina Patel',
    );
    expect(takenByFromMessage('This ticket is already closed')).toBeNull();
    expect(takenByFromMessage(undefined)).toBeNull();
  });

  it('merges a notes patch one level deep and never drops the part lines', () => {
    const line = {
      lineId: 'l',
      partId: 'p',
      partName: 'Pump',
      quantity: 1,
      condition: 'NEW' as const,
    };
    expect(
      mergeServiceNotes(
        { workPerformed: 'a', conditionReport: { beforeService: 'worn' }, partsUsed: [line] },
        { timeSpent: 5, conditionReport: { afterService: 'fine' } },
      ),
    ).toEqual({
      workPerformed: 'a',
      timeSpent: 5,
      conditionReport: { beforeService: 'worn', afterService: 'fine' },
      partsUsed: [line],
    });
  });
});
