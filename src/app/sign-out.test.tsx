import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeSessionStore, engineerUser, renderApp } from '../testing/app-test-kit';
import { unsentWarning } from './sign-out';

function signedIn(unsent: number) {
  const store = new FakeSessionStore();
  store.setSignedIn(engineerUser);
  store.unsent = unsent;
  return store;
}

const topBarSignOut = async () =>
  within(await screen.findByRole('banner')).getByRole('button', { name: 'Sign Out' });

describe('sign out', () => {
  it('signs out at once and goes to /login when nothing is waiting to be sent', async () => {
    const store = signedIn(0);
    const { router } = renderApp('/dashboard/engineer', store);
    await userEvent.click(await topBarSignOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.signOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.state).toBeNull();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('warns first when changes have not been sent, and Cancel keeps the user signed in', async () => {
    const store = signedIn(3);
    const { router } = renderApp('/dashboard/engineer', store);
    await userEvent.click(await topBarSignOut());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      "3 changes haven't been sent yet. They will stay on this device until James Carter signs in again.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(store.signOut).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/dashboard/engineer');
  });

  it("signs out after 'Sign out anyway'", async () => {
    const store = signedIn(1);
    const { router } = renderApp('/dashboard/engineer', store);
    await userEvent.click(await topBarSignOut());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("1 change hasn't been sent yet.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.signOut).toHaveBeenCalledTimes(1);
  });

  it('words the warning for one and for several changes', () => {
    expect(unsentWarning(1, 'Ann')).toBe(
      "1 change hasn't been sent yet. It will stay on this device until Ann signs in again.",
    );
    expect(unsentWarning(2, 'Ann')).toBe(
      "2 changes haven't been sent yet. They will stay on this device until Ann signs in again.",
    );
  });
});
