import { Button } from '@chakra-ui/react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z, ZodError } from 'zod';
import { toaster } from '../components/toaster';
import { OTHER_ENGINEER_ID, engineerUser, ticketRow, userRow } from '../testing/rows';
import { renderSignedIn } from '../testing/session';
import type { MutationInput } from './actions';
import type { ChairsideDatabase } from './db';
import { MutationRejected } from './local-store';
import { STORAGE_FULL_NOT_SAVED } from './storage-full';
import { DEFAULT_FAILURE, describeActionError, useAction } from './use-action';

const FREE = '10000000-0000-4000-8000-0000000000f1';
const TAKEN = '10000000-0000-4000-8000-0000000000f2';

const seed = async (db: ChairsideDatabase) => {
  await db.users.put(userRow({ id: OTHER_ENGINEER_ID, name: 'Sam Other', role: 'ENGINEER' }));
  await db.supportTickets.bulkPut([
    ticketRow({ id: FREE, title: 'Free' }),
    ticketRow({
      id: TAKEN,
      title: 'Taken',
      engineerUserId: OTHER_ENGINEER_ID,
      status: 'IN_PROGRESS',
    }),
  ]);
};

/** Every busy value the probe rendered with, and what its run resolved to. */
let seen: boolean[] = [];
let outcome: boolean | undefined;

/** Runs one ticket.resolve or ticket.take and shows the outcome and every busy value it saw. */
function Probe({
  name,
  input,
}: {
  name: 'ticket.take' | 'ticket.resolve';
  input: MutationInput<'ticket.take'> | MutationInput<'ticket.resolve'>;
}) {
  const { run, busy } = useAction();
  seen.push(busy);
  const go = async () => {
    const ok = await run(name, input as never, {
      success: { title: 'Done', description: 'It worked' },
      failure: 'Failed to do it',
    });
    outcome = ok;
  };
  return <Button onClick={() => void go()}>Go</Button>;
}

beforeEach(() => {
  toaster.remove();
  seen = [];
  outcome = undefined;
});

describe('useAction', () => {
  it('records the change in the mirror and the outbox, toasts the success, and is busy meanwhile', async () => {
    const session = await renderSignedIn(
      engineerUser,
      <Probe name="ticket.take" input={{ ticketId: FREE }} />,
      { path: '/', seed },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(screen.getByText('It worked')).toBeInTheDocument();
    await waitFor(() => expect(outcome).toBe(true));
    expect(seen).toContain(true);
    expect(seen.at(-1)).toBe(false);
    expect(await session.db.supportTickets.get(FREE)).toMatchObject({
      engineerUserId: engineerUser.id,
      status: 'IN_PROGRESS',
    });
    expect(await session.db.outbox.count()).toBe(1);
  });

  it("shows a local refusal in the refusal's own words and queues nothing", async () => {
    const session = await renderSignedIn(
      engineerUser,
      <Probe name="ticket.take" input={{ ticketId: TAKEN }} />,
      { path: '/', seed },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(
      await screen.findByText('This ticket has already been taken by Sam Other'),
    ).toBeInTheDocument();
    await waitFor(() => expect(outcome).toBe(false));
    expect(screen.queryByText('Done')).toBeNull();
    expect(seen.at(-1)).toBe(false);
    expect(await session.db.outbox.count()).toBe(0);
  });

  it("shows an invalid input with the schema's SPEC message and queues nothing", async () => {
    const session = await renderSignedIn(
      engineerUser,
      <Probe name="ticket.resolve" input={{ ticketId: FREE, resolution: '   ' }} />,
      { path: '/', seed },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Please provide a resolution description')).toBeInTheDocument();
    await waitFor(() => expect(outcome).toBe(false));
    expect(await session.db.outbox.count()).toBe(0);
  });

  it("says the screen's failure and that the device is full when the write cannot be stored, and keeps nothing of it", async () => {
    const session = await renderSignedIn(
      engineerUser,
      <Probe name="ticket.take" input={{ ticketId: FREE }} />,
      { path: '/', seed },
    );
    // The browser refuses the outbox entry after the ticket row was written in the transaction.
    vi.spyOn(session.db.outbox, 'add').mockRejectedValue(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText(STORAGE_FULL_NOT_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(outcome).toBe(false));
    // SPEC's failure stays the title; why, and what to do, is said under it.
    expect(screen.getByText('Failed to do it')).toBeInTheDocument();
    vi.restoreAllMocks();
    // Nothing half-written: the ticket row is as it was and nothing is queued.
    expect(await session.db.supportTickets.get(FREE)).toMatchObject({
      engineerUserId: null,
      status: 'OPEN',
    });
    expect(await session.db.outbox.count()).toBe(0);
  });
});

describe('useAction after the session ended', () => {
  it('asks the user to sign in again instead of a generic failure', async () => {
    const session = await renderSignedIn(
      engineerUser,
      <Probe name="ticket.take" input={{ ticketId: FREE }} />,
      { path: '/', seed },
    );
    await session.store.signOut();
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Please sign in again')).toBeInTheDocument();
    await waitFor(() => expect(outcome).toBe(false));
  });
});

describe('describeActionError', () => {
  it('uses a refusal message, the first validation message, else the fallback', () => {
    expect(describeActionError(new MutationRejected('conflict', 'Part not found'))).toBe(
      'Part not found',
    );
    const invalid = z.object({ a: z.string().min(1, { error: 'A is required' }) }).safeParse({
      a: '',
    });
    expect(describeActionError(invalid.error)).toBe('A is required');
    expect(describeActionError(new ZodError([]), 'Failed to update profile')).toBe(
      'Failed to update profile',
    );
    expect(describeActionError(new Error('Unexpected IDB error'), 'Failed to update profile')).toBe(
      'Failed to update profile',
    );
    expect(describeActionError('???')).toBe(DEFAULT_FAILURE);
  });

  it('says a full device in words, also when Dexie wraps the quota error', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(describeActionError(quota, 'Failed to create ticket')).toBe(STORAGE_FULL_NOT_SAVED);
    const aborted = Object.assign(new Error('Transaction aborted'), {
      name: 'AbortError',
      inner: quota,
    });
    expect(describeActionError(aborted, 'Failed to create ticket')).toBe(STORAGE_FULL_NOT_SAVED);
  });
});
