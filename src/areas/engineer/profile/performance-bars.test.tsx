// Issue 29 point 14 (and 2): the Performance tab's bar says its number, 0% included, and an
// engineer with nothing resolved reads 'No resolved tickets yet' with no bar and no rating.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { engineerPaths } from '../../../domain/paths';
import type { SupportTicket } from '../../../domain/entities';
import { ticketRow, userRow } from '../../../testing/rows';
import { renderSignedIn } from '../../../testing/session';
import { ProfileScreen } from './profile-screen';

const me = {
  id: '00000000-0000-4000-8000-0000000000e1',
  email: 'james@example.com',
  name: 'James Carter',
  role: 'ENGINEER' as const,
};
const at = (hours: number) => new Date(Date.UTC(2026, 1, 1) + hours * 3_600_000).toISOString();

async function openPerformance(tickets: SupportTicket[]) {
  const user = userEvent.setup();
  renderSignedIn(me, <ProfileScreen />, {
    path: engineerPaths.profile,
    seed: async (db) => {
      await db.users.put(
        userRow({
          ...me,
          engineer: { location: 'Reading', coverageAreas: [], specializations: [] },
        }),
      );
      await db.supportTickets.bulkPut(tickets);
    },
  });
  await user.click(await screen.findByRole('tab', { name: 'Performance' }));
  return within(await screen.findByRole('region', { name: 'Average Resolution Time' }));
}

describe('Performance tab bars', () => {
  it('writes 0% beside a resolution bar at 0 (24 hours or more)', async () => {
    const resolution = await openPerformance([
      ticketRow({
        engineerUserId: me.id,
        status: 'RESOLVED',
        createdAt: at(0),
        updatedAt: at(30),
      }),
    ]);
    expect(resolution.getByText('30 hours')).toBeVisible();
    expect(resolution.getByRole('progressbar', { name: 'Resolution speed' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(resolution.getByText('0%')).toBeVisible();
  });

  it("says 'No resolved tickets yet', with no bar and no rating, when nothing is resolved", async () => {
    const resolution = await openPerformance([
      ticketRow({ engineerUserId: me.id, status: 'IN_PROGRESS' }),
    ]);
    expect(resolution.getByText('No resolved tickets yet')).toBeVisible();
    expect(resolution.queryByRole('progressbar')).toBeNull();
    expect(resolution.queryByText('Excellent')).toBeNull();
    const completion = within(screen.getByRole('region', { name: 'Completion Rate' }));
    expect(completion.getByText('0%')).toBeVisible();
  });
});
