import { describe, expect, it } from 'vitest';
import {
  addPartToServiceRecordSchema,
  createTicketSchema,
  resolveTicketSchema,
  serviceNotesSchema,
  ticketStatusSchema,
} from './ticket.schema';

const pairs = (issues: { path: PropertyKey[]; message: string }[] | undefined) =>
  issues?.map((i) => [i.path.join('.'), i.message]);

describe('createTicketSchema', () => {
  it('accepts a ticket with or without a chair', () => {
    const ticket = { title: 'Leak', description: 'Water under the chair', priority: 'HIGH' };
    expect(createTicketSchema.safeParse(ticket).success).toBe(true);
    expect(createTicketSchema.safeParse({ ...ticket, chairId: 'c1' }).success).toBe(true);
  });

  it('reports title, description and priority with the SPEC messages', () => {
    const result = createTicketSchema.safeParse({ title: '  ', description: 'too short' });
    expect(pairs(result.error?.issues)).toEqual([
      ['title', 'Title is required'],
      ['description', 'Description must be at least 10 characters'],
      ['priority', 'Priority is required'],
    ]);
  });

  it('accepts a description of exactly 10 characters', () => {
    const result = createTicketSchema.safeParse({
      title: 'T',
      description: '0123456789',
      priority: 'LOW',
    });
    expect(result.success).toBe(true);
  });

  it('rejects an unknown priority with "Priority is required"', () => {
    const result = createTicketSchema.safeParse({
      title: 'T',
      description: '0123456789',
      priority: 'MEDIUM',
    });
    expect(pairs(result.error?.issues)).toEqual([['priority', 'Priority is required']]);
  });
});

describe('resolveTicketSchema', () => {
  it('rejects whitespace-only resolution text', () => {
    const result = resolveTicketSchema.safeParse({ resolution: '   ' });
    expect(pairs(result.error?.issues)).toEqual([
      ['resolution', 'Please provide a resolution description'],
    ]);
  });

  it('accepts and trims a resolution', () => {
    expect(resolveTicketSchema.parse({ resolution: ' Fixed pump ' })).toEqual({
      resolution: 'Fixed pump',
    });
  });
});

describe('ticketStatusSchema', () => {
  it('accepts the four statuses only', () => {
    for (const status of ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED']) {
      expect(ticketStatusSchema.safeParse(status).success).toBe(true);
    }
    expect(ticketStatusSchema.safeParse('PENDING').success).toBe(false);
  });
});

describe('serviceNotesSchema', () => {
  it('accepts an empty form', () => {
    expect(serviceNotesSchema.parse({})).toEqual({});
  });

  it('treats a cleared time input as not given', () => {
    expect(serviceNotesSchema.parse({ timeSpent: '' }).timeSpent).toBeUndefined();
    expect(serviceNotesSchema.parse({ timeSpent: Number.NaN }).timeSpent).toBeUndefined();
  });

  it('accepts 0 minutes and rejects negative time', () => {
    expect(serviceNotesSchema.safeParse({ timeSpent: 0 }).success).toBe(true);
    const result = serviceNotesSchema.safeParse({ timeSpent: -1 });
    expect(pairs(result.error?.issues)).toEqual([['timeSpent', 'Time spent must be 0 or more']]);
  });

  it('accepts the three work types only', () => {
    for (const workType of ['WARRANTY', 'DAMAGE', 'OUT_OF_WARRANTY']) {
      expect(serviceNotesSchema.safeParse({ workType }).success).toBe(true);
    }
    expect(serviceNotesSchema.safeParse({ workType: 'OTHER' }).success).toBe(false);
  });

  it('accepts a full set of notes', () => {
    const notes = {
      workPerformed: 'Replaced valve',
      timeSpent: 45,
      workType: 'DAMAGE',
      damageDescription: 'Cracked',
      conditionReport: { beforeService: 'Poor', afterService: 'Good', recommendations: '' },
      followUpRequired: true,
      followUpNotes: 'Check in a month',
    };
    expect(serviceNotesSchema.parse(notes)).toEqual(notes);
  });
});

describe('addPartToServiceRecordSchema', () => {
  it('requires a part with "Please select a part"', () => {
    const result = addPartToServiceRecordSchema.safeParse({ partId: '', quantity: 1 });
    expect(pairs(result.error?.issues)).toEqual([['partId', 'Please select a part']]);
  });

  it.each([0, -3, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY, undefined, 0.5])(
    'turns an invalid quantity (%s) into 1',
    (quantity) => {
      expect(addPartToServiceRecordSchema.parse({ partId: 'p1', quantity }).quantity).toBe(1);
    },
  );

  it('keeps a valid quantity, floors fractions and defaults condition to NEW', () => {
    expect(addPartToServiceRecordSchema.parse({ partId: 'p1', quantity: '3' })).toEqual({
      partId: 'p1',
      quantity: 3,
      condition: 'NEW',
    });
    expect(addPartToServiceRecordSchema.parse({ partId: 'p1', quantity: 2.7 }).quantity).toBe(2);
  });
});
