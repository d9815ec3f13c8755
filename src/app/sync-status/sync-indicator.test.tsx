import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  FakeSessionStore,
  engineerUser,
  rejectedEntry,
  renderApp,
} from '../../testing/app-test-kit';
import { Toaster, toaster } from '../../components/toaster';
import { appSystem } from '../../components/theme';

async function renderSignedIn() {
  const store = new FakeSessionStore();
  store.setSignedIn(engineerUser);
  const view = renderApp('/dashboard/engineer', store);
  await screen.findByRole('banner');
  return { store, engine: store.engine, ...view };
}

const indicator = () =>
  within(screen.getByRole('banner')).getByRole('button', { name: /^Sync status/ });

/** The sync status's drawer, opened with the engine at `status` after a first sync. */
async function drawerWith(status: { online: boolean; pendingCount: number }) {
  const user = userEvent.setup();
  const { engine } = await renderSignedIn();
  act(() => engine.setStatus({ ...status, firstSyncDone: true }));
  await user.click(indicator());
  return { engine, drawer: await screen.findByRole('dialog', { name: 'Sync status' }) };
}

describe('sync status indicator', () => {
  it('shows online, the last sync time and the pending count', async () => {
    const { engine } = await renderSignedIn();
    act(() =>
      engine.setStatus({
        online: true,
        firstSyncDone: true,
        pendingCount: 0,
        lastSyncAt: new Date(Date.now() - 150_000).toISOString(),
      }),
    );
    expect(indicator()).toHaveTextContent('Online');
    expect(indicator()).toHaveTextContent('Synced 2 min ago');
    expect(indicator()).toHaveTextContent('0 pending');
  });

  it('says Syncing… with the pending count once a round has run 1 s, and the last sync after it', async () => {
    const { engine } = await renderSignedIn();
    const synced = { online: true, firstSyncDone: true, pendingCount: 2 };
    act(() => engine.setStatus({ ...synced, lastSyncAt: new Date().toISOString() }));
    vi.useFakeTimers();
    try {
      // A round that finishes quickly never shows: no flicker.
      act(() => engine.setStatus({ syncing: true }));
      act(() => vi.advanceTimersByTime(900));
      act(() => engine.setStatus({ syncing: false }));
      act(() => vi.advanceTimersByTime(500));
      expect(indicator()).toHaveTextContent('Synced just now');
      expect(indicator()).not.toHaveTextContent('Syncing…');

      // One the server does not answer: after 1 s the bar says a sync is under way.
      act(() => engine.setStatus({ syncing: true }));
      act(() => vi.advanceTimersByTime(999));
      expect(indicator()).toHaveTextContent('Synced just now');
      act(() => vi.advanceTimersByTime(1));
      expect(indicator()).toHaveTextContent('Online· Syncing…· 2 pending');
      expect(indicator()).not.toHaveTextContent('Synced just now');
      act(() => vi.advanceTimersByTime(60_000));
      expect(indicator()).toHaveTextContent('Syncing…');

      // It finishes: the last sync time again, at once.
      act(() =>
        engine.setStatus({ syncing: false, pendingCount: 0, lastSyncAt: new Date().toISOString() }),
      );
      expect(indicator()).toHaveTextContent('Synced just now');
      expect(indicator()).toHaveTextContent('0 pending');
      expect(indicator()).not.toHaveTextContent('Syncing…');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the first sync’s progress during a first sync, not Syncing…', async () => {
    const { engine } = await renderSignedIn();
    vi.useFakeTimers();
    try {
      act(() =>
        engine.setStatus({
          syncing: true,
          firstSyncDone: false,
          progress: { table: 'chairs', tableIndex: 2, tableCount: 4, loaded: 0, total: 10 },
        }),
      );
      act(() => vi.advanceTimersByTime(5_000));
      expect(indicator()).toHaveTextContent('Getting your work ready… 50%');
      expect(indicator()).not.toHaveTextContent('Syncing…');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows offline with the changes waiting', async () => {
    const { engine } = await renderSignedIn();
    act(() => engine.setStatus({ online: false, pendingCount: 4, firstSyncDone: true }));
    expect(indicator()).toHaveTextContent('Offline');
    expect(indicator()).toHaveTextContent('4 pending');
  });

  it('says in the drawer that queued changes leave only while the app is open, where the browser has no Background Sync', async () => {
    const { engine, drawer } = await drawerWith({ online: true, pendingCount: 2 });
    expect(
      within(drawer).getByText(
        'This browser sends your changes only while Chairside is open. Keep it open until they are sent.',
      ),
    ).toBeInTheDocument();
    // Nothing queued: nothing to keep it open for.
    act(() => engine.setStatus({ pendingCount: 0 }));
    expect(within(drawer).queryByText(/only while Chairside is open/)).toBeNull();
  });

  it('says nothing of keeping the app open where the browser sends changes with it closed', async () => {
    vi.stubGlobal('SyncManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: async () => undefined },
      configurable: true,
    });
    try {
      const { drawer } = await drawerWith({ online: false, pendingCount: 2 });
      expect(
        within(drawer).getByText(
          'Your changes are saved on this device and will be sent when you are back online.',
        ),
      ).toBeInTheDocument();
      expect(within(drawer).queryByText(/only while Chairside is open/)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('shows a progress bar during the first sync, for each of its two stages', async () => {
    const { engine } = await renderSignedIn();
    act(() =>
      engine.setStatus({
        syncing: true,
        firstSyncDone: false,
        progress: {
          table: 'chairs',
          tableIndex: 1,
          tableCount: 4,
          loaded: 50,
          total: 100,
          stage: 'first',
        },
      }),
    );
    expect(indicator()).toHaveTextContent('Getting your work ready… 38%');
    await userEvent.click(indicator());
    const panel = await screen.findByRole('dialog', { name: 'Sync status' });
    expect(within(panel).getByText('Getting your work ready… 38%')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '38');

    act(() =>
      engine.setStatus({
        progress: {
          table: 'parts',
          tableIndex: 0,
          tableCount: 9,
          loaded: 0,
          total: 10,
          stage: 'rest',
        },
      }),
    );
    // The open drawer hides the top bar from assistive technology meanwhile.
    expect(screen.getByRole('banner', { hidden: true })).toHaveTextContent(
      'Syncing everything else… 0%',
    );
    expect(within(panel).getByText('Syncing everything else… 0%')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Your work is on this device. The rest of the data arrives while you work.',
      ),
    ).toBeInTheDocument();
  });

  it('lists each refused change with its label, the reason and the input, with Retry and Discard', async () => {
    const { engine } = await renderSignedIn();
    const take = rejectedEntry(
      'ticket.take',
      { ticketId: '00000000-0000-4000-8000-0000000a11ce' },
      'Ticket already assigned to another engineer',
    );
    const install = rejectedEntry(
      'installation.complete',
      {
        id: '00000000-0000-4000-8000-0000000b0b00',
        chairId: '00000000-0000-4000-8000-0000000c4a12',
        checklist: { a: true, b: true },
        customerName: 'Dr. Ana Ruiz',
        signatureText: 'A. Ruiz',
        signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
      },
      'Chair is not in stock',
    );
    act(() =>
      engine.setStatus({ firstSyncDone: true, needsAttention: [take, install], pendingCount: 2 }),
    );
    expect(indicator()).toHaveAccessibleName(/2\s?need attention/);
    await userEvent.click(indicator());
    const panel = await screen.findByRole('dialog', { name: 'Sync status' });
    expect(within(panel).getByRole('heading', { name: 'Needs attention' })).toBeInTheDocument();

    const takeItem = within(panel).getByRole('listitem', { name: 'Take ticket' });
    expect(takeItem).toHaveTextContent('Ticket already assigned to another engineer');
    expect(takeItem).toHaveTextContent('#000a11ce');
    const installItem = within(panel).getByRole('listitem', { name: 'Installation' });
    expect(installItem).toHaveTextContent('Chair is not in stock');
    expect(installItem).toHaveTextContent('Dr. Ana Ruiz');
    expect(installItem).toHaveTextContent('2 of 2 items ticked');
    expect(installItem).not.toHaveTextContent('data:image');
    expect(installItem).not.toHaveTextContent('{');

    await userEvent.click(within(takeItem).getByRole('button', { name: 'Retry' }));
    expect(engine.retry).toHaveBeenCalledWith(take.id);
    await userEvent.click(within(installItem).getByRole('button', { name: 'Discard' }));
    expect(engine.discard).toHaveBeenCalledWith(install.id);
  });

  it('tells once, in words, that the server refused a change, and the toast opens the list', async () => {
    toaster.remove();
    const { engine } = await renderSignedIn();
    render(
      <ChakraProvider value={appSystem()}>
        <Toaster />
      </ChakraProvider>,
    );
    const earlier = rejectedEntry('ticket.resolve', {}, 'Refused before this screen opened');
    act(() => engine.setStatus({ firstSyncDone: true, needsAttention: [earlier] }));
    const take = {
      ...rejectedEntry(
        'ticket.take',
        { ticketId: '00000000-0000-4000-8000-0000000a11ce' },
        'This ticket has already been taken by Nina Patel',
      ),
      rejection: {
        errorClass: 'conflict' as const,
        message: 'This ticket has already been taken by Nina Patel',
        at: new Date().toISOString(),
      },
    };
    act(() => engine.setStatus({ needsAttention: [earlier, take] }));
    act(() => engine.setStatus({ pendingCount: 1 })); // a later status change repeats nothing

    expect(await screen.findByText('Take ticket: refused by the server')).toBeInTheDocument();
    expect(screen.getAllByText('Take ticket: refused by the server')).toHaveLength(1);
    expect(
      screen.getByText('This ticket has already been taken by Nina Patel'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Refused before this screen opened')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const panel = await screen.findByRole('dialog', { name: 'Sync status' });
    expect(within(panel).getByRole('listitem', { name: 'Take ticket' })).toBeInTheDocument();
  });

  it('asks to sign in again when the session expired, with the e-mail prefilled', async () => {
    const { engine, router } = await renderSignedIn();
    act(() => engine.setStatus({ signInRequired: true, pendingCount: 2 }));
    expect(
      screen.getByText('Your session has expired. Sign in again to send your changes.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email')).toHaveValue(engineerUser.email);
  });

  it('shows the storage-full message', async () => {
    const { engine } = await renderSignedIn();
    const message = 'Storage is full: free some space on this device so your changes can be saved.';
    act(() => engine.setStatus({ lastError: message }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
