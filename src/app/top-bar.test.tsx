import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeSessionStore, engineerUser, rejectedEntry, renderApp } from '../testing/app-test-kit';

const LONG_NAME = 'Dr. Alexandra Montgomery-Fitzgerald of the Western Isles';

describe('top bar', () => {
  it('keeps the product name and gives a long user name its whole text in a title', async () => {
    const store = new FakeSessionStore();
    store.setSignedIn({ ...engineerUser, name: LONG_NAME });
    renderApp('/dashboard/engineer', store);
    const bar = await screen.findByRole('banner');
    act(() =>
      store.engine.setStatus({
        firstSyncDone: true,
        needsAttention: [rejectedEntry('ticket.take', {}, 'Taken')],
      }),
    );
    expect(within(bar).getByText('Chairside')).toBeInTheDocument();
    const name = within(bar).getByText(LONG_NAME);
    expect(name).toHaveAttribute('title', LONG_NAME);
    expect(within(bar).getByRole('button', { name: /1\s?need attention/ })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('starts with the skip link, in the banner landmark', async () => {
    const store = new FakeSessionStore();
    store.setSignedIn(engineerUser);
    renderApp('/dashboard/engineer', store);
    const bar = await screen.findByRole('banner');
    const [first] = within(bar).getAllByRole('link');
    expect(first).toHaveAccessibleName('Skip to main content');
    expect(first).toHaveAttribute('href', '#/dashboard/engineer');
  });
});
