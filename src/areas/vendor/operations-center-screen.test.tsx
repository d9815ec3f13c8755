import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BarChartFigureProps } from '../../components/bar-chart-figure';
import { HOME_FIGURES_KEY } from '../../data/mirror-state';
import { vendorPaths } from '../../domain/paths';
import {
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  homeFigures,
  ticketRow,
  userRow,
} from '../../testing/rows';
import { OperationsCenterScreen } from './operations-center-screen';
import { renderVendor } from './test-fixtures';

// The chart's drawing records what it is given (the figures are what is asserted, not SVG).
const drawn = vi.hoisted(() => [] as BarChartFigureProps[]);
vi.mock('../../components/charts/bar-chart-canvas', () => ({
  default: (props: BarChartFigureProps) => {
    drawn.push(props);
    return null;
  },
}));

const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00.000Z`;

async function renderCenter() {
  return renderVendor(<OperationsCenterScreen />, {
    path: vendorPaths.home,
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
        userRow({ id: OTHER_ENGINEER_ID, name: 'Bob Engineer', role: 'ENGINEER' }),
      ]);
      await db.supportTickets.bulkPut([
        ...[1, 2, 3, 4].map((d) =>
          ticketRow({ title: `Urgent ${d}`, priority: 'URGENT', createdAt: day(d) }),
        ),
        ...[5, 6, 7, 8].map((d) =>
          ticketRow({ title: `Alice job ${d}`, engineerUserId: ENGINEER_ID, createdAt: day(d) }),
        ),
        ticketRow({ title: 'Bob job', engineerUserId: OTHER_ENGINEER_ID, createdAt: day(9) }),
      ]);
    },
  });
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('OperationsCenterScreen', () => {
  it("says 'No urgent unassigned tickets found' when none is waiting", async () => {
    await renderVendor(<OperationsCenterScreen />, { path: vendorPaths.home });
    const urgent = within(await screen.findByRole('region', { name: 'Urgent Unassigned Tickets' }));
    expect(urgent.getByText('No urgent unassigned tickets found')).toBeInTheDocument();
  });

  it("shows the server's counts, the engineers and the newest tickets on a new device, before the rest arrives", async () => {
    const HOUR = 3_600_000;
    // After the first stage of a first sync: the engineers, the newest urgent unassigned
    // ticket, and the counts of every ticket and request.
    await renderVendor(<OperationsCenterScreen />, {
      path: vendorPaths.home,
      seed: async (db) => {
        await db.users.bulkPut([
          userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
          userRow({ id: OTHER_ENGINEER_ID, name: 'Bob Engineer', role: 'ENGINEER' }),
        ]);
        await db.supportTickets.put(
          ticketRow({ title: 'Urgent newest', priority: 'URGENT', createdAt: day(9) }),
        );
        await db.meta.put({
          key: HOME_FIGURES_KEY,
          value: homeFigures({
            role: 'VENDOR',
            tickets: [
              [null, 'OPEN', 'URGENT', 7000],
              [ENGINEER_ID, 'IN_PROGRESS', 'NORMAL', 12],
              [ENGINEER_ID, 'RESOLVED', 'NORMAL', 10],
              [OTHER_ENGINEER_ID, 'OPEN', 'LOW', 2],
              [OTHER_ENGINEER_ID, 'CLOSED', 'LOW', 4],
            ],
            requests: [[null, 'PENDING', 6000]],
            resolution: [
              [ENGINEER_ID, 10 * 5 * HOUR, 10],
              [OTHER_ENGINEER_ID, 4 * 3 * HOUR, 4],
            ],
          }),
        });
      },
    });
    const summary = within(await screen.findByRole('region', { name: 'Summary' }));
    const stat = (label: string) => summary.getByText(label).parentElement?.textContent;
    expect(stat('Active Tickets')).toBe('Active Tickets7014');
    expect(stat('Unassigned Tickets')).toBe('Unassigned Tickets7000');
    expect(stat('Field Engineers')).toBe('Field Engineers2');
    expect(stat('Pending Service Requests')).toBe('Pending Service Requests6000');
    const list = within(
      section('Engineer Workload').getByRole('list', { name: 'Engineers by workload' }),
    );
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Alice Engineer12 active',
      'Bob Engineer2 active',
    ]);
    const team = within(screen.getByRole('region', { name: 'Team averages' }));
    // (5 h + 3 h) / 2; completion (10/22 and 4/6) averaged.
    expect(team.getByText('Average resolution: 4h (target 6h)')).toBeInTheDocument();
    expect(team.getByText('Completion rate: 56%')).toBeInTheDocument();
    expect(section('Urgent Unassigned Tickets').getByText('Urgent newest')).toBeInTheDocument();
  });

  it('shows the first 3 urgent unassigned tickets, newest first', async () => {
    await renderCenter();
    await screen.findByRole('region', { name: 'Urgent Unassigned Tickets' });
    const urgent = section('Urgent Unassigned Tickets');
    expect(urgent.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Urgent 4'),
      expect.stringContaining('Urgent 3'),
      expect.stringContaining('Urgent 2'),
    ]);
  });

  it("shows each engineer's active tickets with §9's workload badge", async () => {
    await renderCenter();
    await screen.findByRole('region', { name: 'Engineer Workload' });
    const list = within(
      section('Engineer Workload').getByRole('list', { name: 'Engineers by workload' }),
    );
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Alice Engineer4 active',
      'Bob Engineer1 active',
    ]);
  });

  it('charts the active tickets per engineer, coloured by the badge rule, with a table', async () => {
    drawn.length = 0;
    await renderCenter();
    const figure = await screen.findByRole('figure', { name: 'Active tickets per engineer' });
    await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    expect(drawn.at(-1)?.data).toEqual([
      { label: 'Alice Engineer', value: 4, palette: 'red', text: '4 active' },
      { label: 'Bob Engineer', value: 1, palette: 'gray', text: '1 active' },
    ]);
    expect(drawn.at(-1)?.references?.map((r) => r.value)).toEqual([1, 3]);
    const table = within(
      within(figure).getByRole('table', { name: 'Active tickets per engineer' }),
    );
    expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'NameActive tickets',
      'Alice Engineer4 active',
      'Bob Engineer1 active',
    ]);
  });

  it('shows the 5 most recent tickets, the counters and links to tickets and engineers', async () => {
    await renderCenter();
    await screen.findByRole('region', { name: 'Recent Activity' });
    const recent = section('Recent Activity');
    expect(recent.getAllByRole('listitem')).toHaveLength(5);
    expect(recent.getAllByRole('listitem')[0]).toHaveTextContent('Bob job');
    expect(
      within(screen.getByText('Unassigned Tickets').closest('dl')!).getByText('4'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Assign tickets/ })).toHaveAttribute(
      'href',
      vendorPaths.tickets,
    );
    expect(screen.getByRole('link', { name: /View engineers/ })).toHaveAttribute(
      'href',
      vendorPaths.engineers,
    );
  });
});
