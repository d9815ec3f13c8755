import { describe, expect, it } from 'vitest';
import { parseHomeFigures } from './home-figures';
import { PullError } from './pull';

const ENGINEER = '00000000-0000-4000-8000-0000000000e1';

describe('home figures off the wire', () => {
  it("keeps the server's counts in the mirror's form", () => {
    expect(
      parseHomeFigures({
        role: 'VENDOR',
        server_time: '2026-11-21T10:00:00+00:00',
        tickets: [
          [null, 'OPEN', 'URGENT', 7],
          [ENGINEER, 'RESOLVED', 'LOW', 3],
        ],
        requests: [[ENGINEER, 'COMPLETED', 2]],
        resolution: [[ENGINEER, 10800000.5, 3]],
        users: null,
        chairs: null,
        confirmed_warranties: null,
      }),
    ).toEqual({
      role: 'VENDOR',
      countedAt: '2026-11-21T10:00:00+00:00',
      tickets: [
        { engineerId: null, status: 'OPEN', priority: 'URGENT', count: 7 },
        { engineerId: ENGINEER, status: 'RESOLVED', priority: 'LOW', count: 3 },
      ],
      requests: [{ engineerId: ENGINEER, status: 'COMPLETED', count: 2 }],
      resolution: [{ engineerId: ENGINEER, totalMs: 10800000.5, count: 3 }],
      users: null,
      chairs: null,
      confirmedWarranties: null,
    });
  });

  it('refuses an answer of another shape, storing nothing', () => {
    const bad = { role: 'ADMIN', server_time: 'now', tickets: [[null, 'LOST', 'LOW', 1]] };
    expect(() => parseHomeFigures(bad)).toThrow(PullError);
    expect(() => parseHomeFigures(null)).toThrow(
      'The home figures from the server are not in the expected form',
    );
  });
});
