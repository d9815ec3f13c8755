// Issue 29 points 2 and 14: the Operations Center's team averages leave out an engineer with
// nothing behind a figure (no resolved ticket: no resolution time; no ticket: no completion
// rate), and the Team efficiency bar says its number, or in words why there is none.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { vendorPaths } from '../../domain/paths';
import type { SupportTicket } from '../../domain/entities';
import { ENGINEER_ID, OTHER_ENGINEER_ID, ticketRow, userRow } from '../../testing/rows';
import { OperationsCenterScreen } from './operations-center-screen';
import { renderVendor } from './test-fixtures';

vi.mock('../../components/charts/bar-chart-canvas', () => ({ default: () => null }));

const NEWCOMER = '00000000-0000-4000-8000-0000000000e9';
const at = (hours: number) => new Date(Date.UTC(2026, 2, 1) + hours * 3_600_000).toISOString();
/** A ticket resolved `hours` after it was raised. */
const resolved = (engineerUserId: string, hours: number) =>
  ticketRow({
    engineerUserId,
    status: 'RESOLVED',
    createdAt: at(0),
    updatedAt: at(hours),
    resolvedAt: at(hours),
  });

async function renderCenter(tickets: SupportTicket[]) {
  return renderVendor(<OperationsCenterScreen />, {
    path: vendorPaths.home,
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
        userRow({ id: OTHER_ENGINEER_ID, name: 'Bob Engineer', role: 'ENGINEER' }),
        userRow({ id: NEWCOMER, name: 'Nia Newcomer', role: 'ENGINEER' }),
      ]);
      await db.supportTickets.bulkPut(tickets);
    },
  });
}

const team = async () => within(await screen.findByRole('region', { name: 'Team averages' }));

describe('Team averages', () => {
  it('average over the engineers with figures; the newcomer is not counted as 0', async () => {
    // Alice: 2 of 2 resolved in 1 h and 3 h (2 h). Bob: 1 of 2 resolved, in 4 h. Nia: nothing.
    await renderCenter([
      resolved(ENGINEER_ID, 1),
      resolved(ENGINEER_ID, 3),
      resolved(OTHER_ENGINEER_ID, 4),
      ticketRow({ engineerUserId: OTHER_ENGINEER_ID, status: 'IN_PROGRESS' }),
    ]);
    const averages = await team();
    // (2 + 4) / 2 = 3 h, not (2 + 4 + 0) / 3 = 2 h; (100 + 50) / 2 = 75 %, not 50 %.
    expect(averages.getByText('Average resolution: 3h (target 6h)')).toBeVisible();
    expect(averages.getByText('Completion rate: 75%')).toBeVisible();
    // 100 - 3/6 of 100 = 50, written beside the bar.
    expect(averages.getByRole('progressbar', { name: 'Team efficiency' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(averages.getByText('50%')).toBeVisible();
  });

  it('writes 0% on an efficiency bar at 0, not an empty strip', async () => {
    await renderCenter([resolved(ENGINEER_ID, 20)]);
    const averages = await team();
    expect(averages.getByText('Average resolution: 20h (target 6h)')).toBeVisible();
    expect(averages.getByRole('progressbar', { name: 'Team efficiency' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(averages.getByText('0%')).toBeVisible();
  });

  it("says 'No resolved tickets yet' and draws no bar when nobody has resolved one", async () => {
    await renderCenter([]);
    const averages = await team();
    expect(averages.getByText('Average resolution: No resolved tickets yet')).toBeVisible();
    expect(averages.getByText('Completion rate: No tickets assigned yet')).toBeVisible();
    expect(averages.queryByRole('progressbar')).toBeNull();
    expect(averages.queryByText(/0h|0%/)).toBeNull();
  });
});
