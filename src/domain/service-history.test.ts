import { describe, expect, it } from 'vitest';
import { chairRow, historyEntry } from '../testing/rows';
import { serviceSummary, serviceTimeline, serviceTypeLabel } from './service-history';

describe('service history', () => {
  it('reads upper- and lower-case types as the known label, keeping unknown ones', () => {
    expect(serviceTypeLabel('ANNUAL')).toBe('Annual');
    expect(serviceTypeLabel(' repair ')).toBe('Repair');
    expect(serviceTypeLabel('Upgrade')).toBe('Upgrade');
  });

  it('lists visits newest first and counts them by type with the total cost', () => {
    const chair = chairRow({
      service: {
        lastServiceDate: null,
        nextServiceDue: null,
        serviceHistory: [
          historyEntry({ date: '2026-01-01', type: 'ANNUAL', cost: 100 }),
          historyEntry({ date: '2026-03-01', type: 'Repair', cost: 50 }),
        ],
      },
    });
    expect(serviceTimeline(chair).map((e) => e.date)).toEqual(['2026-03-01', '2026-01-01']);
    const summary = serviceSummary(chair);
    expect(summary.total).toBe(2);
    expect(summary.totalCost).toBe(150);
    expect(summary.byType).toContainEqual({ type: 'Annual', count: 1 });
    expect(summary.byType).toContainEqual({ type: 'Inspection', count: 0 });
  });
});
