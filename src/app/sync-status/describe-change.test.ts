import { describe, expect, it } from 'vitest';
import { MUTATION_NAMES } from '../../domain/mutations';
import { CHANGE_LABELS, MAX_VALUE_LENGTH, changeLabel, describeArgs } from './describe-change';

describe('change labels', () => {
  it('names every mutation for a person', () => {
    for (const name of MUTATION_NAMES) {
      expect(CHANGE_LABELS[name], name).toMatch(/^[A-Z][a-z]/);
      expect(changeLabel(name)).not.toContain('.');
    }
    expect(changeLabel('ticket.take')).toBe('Take ticket');
    expect(changeLabel('ticket.updateServiceNotes')).toBe('Service notes');
    expect(changeLabel('installation.complete')).toBe('Installation');
  });
});

describe('describeArgs', () => {
  it('shows ids as the last 8 characters and hides client ids', () => {
    expect(
      describeArgs({ ticketId: '00000000-0000-4000-8000-0000deadbeef', status: 'CLOSED' }),
    ).toEqual([
      { label: 'Ticket', value: '#deadbeef' },
      { label: 'Status', value: 'Closed' },
    ]);
  });

  it('shows codes as words, and leaves free text as typed', () => {
    expect(
      describeArgs({ workType: 'OUT_OF_WARRANTY', condition: 'NEW', resolution: 'RESET PCB' }),
    ).toEqual([
      { label: 'Work type', value: 'Out of warranty' },
      { label: 'Condition', value: 'New' },
      { label: 'Resolution', value: 'RESET PCB' },
    ]);
  });

  it('flattens the service-notes patch into readable lines and truncates long text', () => {
    const long = 'Replaced the hydraulic pump seal. '.repeat(10);
    const lines = describeArgs({
      ticketId: '00000000-0000-4000-8000-000000000001',
      patch: { workPerformed: long, timeSpent: 45, followUpRequired: true },
    });
    expect(lines.map((l) => l.label)).toEqual([
      'Ticket',
      'Work performed',
      'Time spent (min)',
      'Follow-up required',
    ]);
    expect(lines[1]!.value.length).toBe(MAX_VALUE_LENGTH);
    expect(lines[1]!.value.endsWith('…')).toBe(true);
    expect(lines[3]!.value).toBe('Yes');
  });

  it('never shows the signature image and summarises the checklist', () => {
    const lines = describeArgs({
      id: '00000000-0000-4000-8000-000000000002',
      chairId: '00000000-0000-4000-8000-0000000c4a12',
      checklist: { a: true, b: true, c: false },
      customerName: 'Dr. Ana Ruiz',
      signatureText: 'A. Ruiz',
      signatureImage: 'data:image/png;base64,AAAA',
    });
    expect(lines).toEqual([
      { label: 'Chair', value: '#000c4a12' },
      { label: 'Checklist', value: '2 of 3 items ticked' },
      { label: 'Customer name', value: 'Dr. Ana Ruiz' },
      { label: 'Signed by', value: 'A. Ruiz' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('data:image');
  });

  it('counts list items and joins text lists', () => {
    expect(
      describeArgs({
        items: [
          { partId: 'x', qty: 1 },
          { partId: 'y', qty: 2 },
        ],
        coverageAreas: ['Leeds', 'York'],
      }),
    ).toEqual([
      { label: 'Items', value: '2 items' },
      { label: 'Coverage areas', value: 'Leeds, York' },
    ]);
  });
});
