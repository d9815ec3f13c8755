import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SYNC_KEY } from '../../data/mirror-state';
import { localDateKey } from '../../domain/appointments';
import { vendorPaths } from '../../domain/paths';
import {
  CUSTOMER_ID,
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  chairRow,
  deviceHealthRow,
  serviceRequestRow,
  ticketRow,
  userRow,
} from '../../testing/rows';
import { toaster } from '../../components/toaster';
import { renderSignedIn, type TestSession } from '../../testing/session';
import { AUTO_SCROLL, ScheduleBoardScreen } from './schedule-board-screen';

const day = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return localDateKey(date);
};
const CHAIR = '20000000-0000-4000-8000-000000000001';
/** Owned, its yearly inspection due in two days, no request: the queue offers it. */
const DUE_CHAIR = '20000000-0000-4000-8000-000000000002';
/** Due in 40 days: not within the board's week. */
const LATER_CHAIR = '20000000-0000-4000-8000-000000000003';
const PENDING = '30000000-0000-4000-8000-0000000000a1';
const BOOKED = '30000000-0000-4000-8000-0000000000a2';
const CLASH = '30000000-0000-4000-8000-0000000000a3';

/**
 * jsdom lays nothing out: each table cell gets a box by its row and column (100 px apart), a chip
 * in the queue a box far to the right, the drag overlay where its style puts it, so the keyboard's moves and collisions have a geometry.
 */
function layOutTable() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    // The drag overlay (and what is in it) is placed where the picked-up chip was, by its style.
    const overlay = this.closest<HTMLElement>('.board-drag-overlay');
    if (overlay) {
      const { left, top, width, height } = overlay.style;
      const box = [left, top, width, height].map((value) => parseFloat(value));
      return DOMRect.fromRect({ x: box[0], y: box[1], width: box[2], height: box[3] });
    }
    const cell = this.closest('td');
    const row = this.closest('tr');
    if (cell && row) {
      const inner = this.tagName !== 'TD' && !this.closest('[aria-roledescription]') ? 0 : 10;
      const x = cell.cellIndex * 100 + inner;
      const y = row.rowIndex * 100 + inner;
      const size = 90 - inner * 2;
      return DOMRect.fromRect({ x, y, width: size, height: size });
    }
    if (this.closest('li')) return DOMRect.fromRect({ x: 5000, y: 0, width: 80, height: 40 });
    return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
  });
}

const dispatcher = {
  id: '00000000-0000-4000-8000-0000000000f1',
  email: 'ops@vendor.example',
  name: 'Victor Vance',
  role: 'VENDOR' as const,
};

const outbox = async (session: TestSession) =>
  (await session.db.outbox.orderBy('seq').toArray()).map(({ name, args }) => ({ name, args }));

async function renderBoard({ devices = true }: { devices?: boolean } = {}) {
  toaster.remove();
  return renderSignedIn(dispatcher, <ScheduleBoardScreen showDevices />, {
    path: vendorPaths.schedule,
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({
          id: CUSTOMER_ID,
          name: 'Riverside Dental',
          practice: { address: '14 Riverside Walk, Surrey' },
        }),
        userRow({
          id: ENGINEER_ID,
          name: 'Alice Engineer',
          role: 'ENGINEER',
          engineer: { coverageAreas: ['Surrey'], specializations: ['S30 Sigma'] },
        }),
        userRow({
          id: OTHER_ENGINEER_ID,
          name: 'Bob Engineer',
          role: 'ENGINEER',
          engineer: { coverageAreas: ['Leeds'] },
        }),
      ]);
      await db.chairs.bulkPut([
        chairRow({
          id: CHAIR,
          serialNumber: 'S30-0042',
          ownerUserId: CUSTOMER_ID,
          status: 'REGISTERED',
          service: { nextServiceDue: day(1) },
        }),
        chairRow({
          id: DUE_CHAIR,
          serialNumber: 'S30-0077',
          ownerUserId: CUSTOMER_ID,
          status: 'REGISTERED',
          service: { nextServiceDue: day(2) },
        }),
        chairRow({
          id: LATER_CHAIR,
          serialNumber: 'S30-0099',
          ownerUserId: CUSTOMER_ID,
          status: 'REGISTERED',
          service: { nextServiceDue: day(40) },
        }),
      ]);
      if (devices) {
        await db.deviceHealth.put(
          deviceHealthRow({
            userId: ENGINEER_ID,
            pendingCount: 2,
            lastSyncAt: new Date().toISOString(),
          }),
        );
      }
      await db.supportTickets.bulkPut([
        ticketRow({
          title: 'Low hum',
          priority: 'LOW',
          customerUserId: CUSTOMER_ID,
          createdAt: '2026-01-01T00:00:00Z',
        }),
        ticketRow({
          title: 'Chair stuck',
          priority: 'URGENT',
          customerUserId: CUSTOMER_ID,
          createdAt: '2026-02-01T00:00:00Z',
        }),
        ticketRow({ title: 'Pedal loose', engineerUserId: ENGINEER_ID, status: 'IN_PROGRESS' }),
      ]);
      await db.serviceRequests.bulkPut([
        serviceRequestRow({
          id: PENDING,
          customerUserId: CUSTOMER_ID,
          chairId: CHAIR,
          preferredDate: day(1),
          preferredTime: '10:00',
        }),
        serviceRequestRow({
          id: BOOKED,
          customerUserId: CUSTOMER_ID,
          chairId: CHAIR,
          status: 'SCHEDULED',
          engineerUserId: ENGINEER_ID,
          scheduledDate: day(2),
          scheduledTime: '09:00',
        }),
        serviceRequestRow({
          id: CLASH,
          customerUserId: CUSTOMER_ID,
          status: 'SCHEDULED',
          engineerUserId: OTHER_ENGINEER_ID,
          scheduledDate: day(1),
          scheduledTime: '10:00',
        }),
      ]);
    },
  });
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
/** Every announcement dnd-kit's live region makes, in order (each replaces the one before). */
const heard: string[] = [];
const recorder = new MutationObserver(() => {
  const text = document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
  if (text && heard.at(-1) !== text) heard.push(text);
});
const announced = (text: RegExp) =>
  vi.waitFor(() =>
    expect(
      heard.some((line) => text.test(line)),
      heard.join('\n'),
    ).toBe(true),
  );

describe('ScheduleBoardScreen', () => {
  let layout: ReturnType<typeof layOutTable>;
  beforeEach(() => {
    layout = layOutTable();
    heard.length = 0;
    recorder.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  afterEach(() => {
    recorder.disconnect();
    layout.mockRestore();
  });

  it("shows each engineer's row: presence unknown left out, last sync, queued changes, work count", async () => {
    await renderBoard();
    const alice = within(await screen.findByRole('row', { name: /^Alice Engineer/ }));
    expect(alice.getByText('Synced just now · Queued: 2')).toBeInTheDocument();
    expect(alice.getByLabelText('2 jobs')).toBeInTheDocument();
    expect(alice.getByRole('button', { name: /^Ticket Pedal loose/ })).toBeInTheDocument();
    expect(alice.getByRole('button', { name: /^Service Request #000000a2/ })).toBeInTheDocument();
    expect(alice.queryByText('Online now')).not.toBeInTheDocument();
    expect(within(rowOf('Bob Engineer')).getByText('No device has synced yet')).toBeInTheDocument();
    expect(alice.getByRole('tooltip', { hidden: true })).toHaveTextContent(
      'Coverage areasSurreySpecializationsS30 Sigma',
    );
  });

  it('says device health is not known until the first sync has brought it, then that none synced', async () => {
    const session = await renderBoard({ devices: false });
    const alice = within(await screen.findByRole('row', { name: /^Alice Engineer/ }));
    expect(alice.getByText('Device health not known yet')).toBeInTheDocument();
    expect(
      within(rowOf('Bob Engineer')).getByText('Device health not known yet'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No device has synced yet')).not.toBeInTheDocument();
    await act(() => session.db.meta.put({ key: FIRST_SYNC_KEY, value: true }));
    expect(await alice.findByText('No device has synced yet')).toBeInTheDocument();
    expect(within(rowOf('Bob Engineer')).getByText('No device has synced yet')).toBeInTheDocument();
    expect(screen.queryByText('Device health not known yet')).not.toBeInTheDocument();
  });

  it("lets a drag scroll the page but never the board's days from under the pointer", async () => {
    await renderBoard();
    const region = await screen.findByRole('region', { name: 'Schedule board' });
    expect(AUTO_SCROLL.canScroll(region)).toBe(false);
    expect(AUTO_SCROLL.canScroll(document.scrollingElement ?? document.documentElement)).toBe(true);
  });

  it("draws an engineer's first three active tickets and the rest on 'Show more'", async () => {
    const session = await renderBoard();
    await screen.findByRole('row', { name: /^Bob Engineer/ });
    await act(() =>
      session.db.supportTickets.bulkPut(
        [1, 2, 3, 4, 5].map((n) =>
          ticketRow({ title: `Bob job ${n}`, engineerUserId: OTHER_ENGINEER_ID, status: 'OPEN' }),
        ),
      ),
    );
    const bob = () => within(rowOf('Bob Engineer'));
    await vi.waitFor(() =>
      expect(bob().getAllByRole('button', { name: /^Ticket Bob job/ })).toHaveLength(3),
    );
    expect(bob().getByText('Showing 3 of 5')).toBeInTheDocument();
    await userEvent.click(bob().getByRole('button', { name: 'Show more' }));
    expect(bob().getAllByRole('button', { name: /^Ticket Bob job/ })).toHaveLength(5);
    expect(bob().queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('orders the queue: urgent ticket, the older low one, the pending request, then the due chair', async () => {
    await renderBoard();
    const queue = within(await screen.findByRole('list', { name: 'Unassigned work' }));
    expect(queue.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Ticket Chair stuckUrgent priorityRiverside Dental',
      'Ticket Low humLow priorityRiverside Dental',
      expect.stringMatching(
        /^Service Request #000000a1, Service visit · Riverside DentalPreferred: /,
      ),
      // S30-0042 is due too, but has a request already; S30-0099 falls due after the week.
      expect.stringMatching(/^Chair S30-0077 - S30 Sigma\s*Inspection due .* · Riverside Dental$/),
    ]);
  });

  it('books a due chair dropped on an engineer by keyboard, warning before the drop', async () => {
    const user = userEvent.setup();
    const session = await renderBoard();
    const chip = await screen.findByRole('button', { name: /^Chair S30-0077/ });
    chip.focus();
    await user.keyboard('[Space]');
    await announced(/^Picked up Chair S30-0077 of Riverside Dental/);
    // From the queue to Alice's last day, then down to Bob's: Leeds does not cover Surrey.
    await user.keyboard('[ArrowLeft]');
    await announced(/is over Alice Engineer, .*\. No warnings\./);
    await user.keyboard('[ArrowDown]');
    await announced(
      /is over Bob Engineer, .* 1 warning: 14 Riverside Walk, Surrey is outside Bob Engineer's coverage areas \(Leeds\)/,
    );
    expect(await outbox(session)).toEqual([]);
    // Back to Alice, and dropped: no warning, booked at once, her first free slot.
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await announced(/^Chair S30-0077 of Riverside Dental moved to Alice Engineer, /);
    await vi.waitFor(async () =>
      expect(await outbox(session)).toEqual([
        {
          name: 'serviceRequest.book',
          args: {
            id: expect.any(String),
            chairId: DUE_CHAIR,
            engineerUserId: ENGINEER_ID,
            scheduledDate: day(6),
            scheduledTime: '08:00',
            notes: 'Yearly inspection, booked by the service desk',
          },
        },
      ]),
    );
    // The mirror shows the visit on Alice's day at once, and the chair has left the queue.
    const alice = within(rowOf('Alice Engineer'));
    expect(
      await alice.findByRole('button', { name: /^Service Request #.*8:00 AM · Riverside Dental/ }),
    ).toBeInTheDocument();
    const queue = within(screen.getByRole('list', { name: 'Unassigned work' }));
    expect(queue.queryByRole('button', { name: /^Chair S30-0077/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Service visit booked with Alice Engineer')).toBeInTheDocument();
  });

  it('filters the queue by priority and searches it', async () => {
    const user = userEvent.setup();
    await renderBoard();
    await screen.findByRole('list', { name: 'Unassigned work' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by priority' }),
      'URGENT',
    );
    const queue = within(screen.getByRole('list', { name: 'Unassigned work' }));
    expect(queue.getAllByRole('button')).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by priority' }), 'ALL');
    const search = screen.getByRole('searchbox', { name: 'Search the queue' });
    const listed = () =>
      within(screen.getByRole('list', { name: 'Unassigned work' })).getAllByRole('button');
    await user.type(search, 'S30-0042');
    expect(listed()).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'riverside');
    expect(listed()).toHaveLength(4);
    // A due chair is found by its serial and filtered by its model like the rest.
    await user.clear(search);
    await user.type(search, 'S30-0077');
    expect(listed().map((b) => b.textContent)).toEqual([expect.stringMatching(/^Chair S30-0077/)]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by model' }), 'U500');
    expect(screen.getByText('No work matches your search or filters.')).toBeInTheDocument();
  });

  it('moves a request by keyboard, says where it is, warns before the drop and asks to confirm', async () => {
    const user = userEvent.setup();
    const session = await renderBoard();
    const chip = await screen.findByRole('button', { name: /^Service Request #000000a2/ });
    chip.focus();
    await user.keyboard('[Space]');
    await announced(/^Picked up Service Request #000000a2 for Riverside Dental/);
    // From Alice's day 2 one row down to Bob, then one day left: day 1, where Bob has 10:00.
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[ArrowLeft]');
    await announced(/is over Bob Engineer, .* 1 warning|is over Bob Engineer, .* warnings/);
    // The cell shows its first warning before anything is dropped.
    const bob = within(rowOf('Bob Engineer'));
    expect(
      bob.getByText(/^The customer asked for|outside Bob Engineer's coverage areas/),
    ).toBeInTheDocument();
    expect(await outbox(session)).toEqual([]);
    await user.keyboard('[Space]');
    const dialog = await screen.findByRole('alertdialog', { name: 'Move with warnings?' });
    expect(
      within(dialog).getByText(
        /Bob Engineer already has a visit on .* at 9:00 AM|outside Bob Engineer's coverage areas/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move anyway' }));
    await vi.waitFor(async () =>
      expect((await outbox(session)).map((e) => e.name)).toEqual([
        'serviceRequest.assign',
        'serviceRequest.schedule',
      ]),
    );
    expect((await outbox(session))[1]?.args).toEqual({
      serviceRequestId: BOOKED,
      scheduledDate: day(1),
      scheduledTime: '09:00',
    });
  });

  it('cancels a keyboard move with Escape and says so', async () => {
    const user = userEvent.setup();
    const session = await renderBoard();
    const chip = await screen.findByRole('button', { name: /^Ticket Pedal loose/ });
    chip.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Escape]');
    await announced(/^Move cancelled\. Ticket Pedal loose is back where it was\./);
    await act(async () => undefined);
    expect(await outbox(session)).toEqual([]);
  });
});
