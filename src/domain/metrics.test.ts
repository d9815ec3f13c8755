import { describe, expect, it } from 'vitest';
import { averageResolutionHours, engineerMetrics } from './metrics';

const at = (hours: number) => new Date(Date.UTC(2025, 0, 1) + hours * 3_600_000).toISOString();
const ticket = (engineerUserId: string | null, status: string, hours: number) => ({
  engineerUserId,
  status,
  createdAt: at(0),
  updatedAt: at(hours),
});

describe('averageResolutionHours', () => {
  it('averages created-to-updated hours to one decimal', () => {
    expect(
      averageResolutionHours([ticket('e1', 'RESOLVED', 1), ticket('e1', 'CLOSED', 2.25)]),
    ).toBe(1.6);
  });
  it('is no figure (null), not 0, with no resolved tickets', () => {
    expect(averageResolutionHours([])).toBeNull();
  });
  it('reads creation to resolution, not to a later edit (issue 29)', () => {
    const edited = { ...ticket('e1', 'CLOSED', 1000), resolvedAt: at(20) };
    expect(averageResolutionHours([edited])).toBe(20);
  });
});

describe('engineerMetrics', () => {
  const tickets = [
    ticket('e1', 'RESOLVED', 4),
    ticket('e1', 'CLOSED', 8),
    ticket('e1', 'IN_PROGRESS', 100),
    ticket('e2', 'RESOLVED', 50),
    ticket(null, 'OPEN', 1),
  ];
  const requests = [
    { engineerUserId: 'e1', status: 'COMPLETED' },
    { engineerUserId: 'e1', status: 'SCHEDULED' },
    { engineerUserId: 'e2', status: 'COMPLETED' },
  ];

  it("counts only the engineer's own resolved and closed tickets", () => {
    expect(engineerMetrics('e1', tickets, requests)).toEqual({
      averageResolutionTime: 6,
      completionRate: 66.7,
      totalTicketsResolved: 2,
      totalServiceRequestsCompleted: 1,
      totalExperience: 3,
    });
  });
  it('gives no completion rate and no hours (null) when nothing is assigned', () => {
    expect(engineerMetrics('e9', tickets, requests)).toEqual({
      averageResolutionTime: null,
      completionRate: null,
      totalTicketsResolved: 0,
      totalServiceRequestsCompleted: 0,
      totalExperience: 0,
    });
  });
  it('gives 100 when every assigned ticket is resolved', () => {
    expect(engineerMetrics('e2', tickets, requests).completionRate).toBe(100);
  });
});
