import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FakeSessionStore, engineerUser, renderApp, renderRouter } from '../testing/app-test-kit';
import { RoleGuard } from './guards';

function signedInAs(role: string) {
  const store = new FakeSessionStore();
  store.setSignedIn({ ...engineerUser, name: 'Pat Lee', role });
  return store;
}

const main = () => within(screen.getByRole('main'));

describe('route guards', () => {
  it('sends a signed-out visit to /login, remembering where it was going, and returns there', async () => {
    const store = new FakeSessionStore();
    store.setSignedOut();
    store.acceptSignIn({ ...engineerUser, role: 'VENDOR' });
    const { router } = renderApp('/dashboard/vendor/tickets', store);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: '/dashboard/vendor/tickets', search: '' },
    });
    await userEvent.type(screen.getByLabelText('Email'), 'vendor@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'vendor123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/vendor/tickets'));
    expect(
      await screen.findByRole('heading', { name: 'Ticket Assignment', level: 1 }),
    ).toBeInTheDocument();
  });

  it("draws a returning user's screen once the session is restored, Signing in... meanwhile", async () => {
    const store = new FakeSessionStore(); // restoring: 'loading'
    const { router } = renderApp('/dashboard/engineer/calendar', store);
    expect(await screen.findByText(/Signing in/)).toBeInTheDocument();
    act(() => store.setSignedIn({ ...engineerUser, role: 'ENGINEER' }));
    expect(
      await screen.findByRole('heading', { name: 'Service Calendar', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Signing in/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/engineer/calendar');
  });

  it('signing out under a screen goes to /login at once, never drawing that screen signed out', async () => {
    const store = signedInAs('ENGINEER');
    const { router } = renderApp('/dashboard/engineer/calendar', store);
    await screen.findByRole('heading', { name: 'Service Calendar', level: 1 });
    // The session arriving is drawn at low priority; its going is not: the screens under the
    // guard read the user themselves and would find none.
    act(() => store.setSignedOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      screen.queryByRole('heading', { name: 'Unexpected Application Error!' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("shows Access Denied with the user's role and both buttons for another role's area", async () => {
    const { router } = renderApp('/dashboard/admin/users', signedInAs('CUSTOMER'));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(main().getByText('CUSTOMER')).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await userEvent.click(main().getByRole('link', { name: 'Go to My Portal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/customer'));
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).not.toBeInTheDocument();
  });

  it('signs out from Access Denied', async () => {
    const store = signedInAs('VENDOR');
    const { router } = renderApp('/dashboard/customer', store);
    await userEvent.click(
      within(await screen.findByRole('main')).getByRole('button', { name: 'Sign Out' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.signOut).toHaveBeenCalled();
  });

  it.each([
    ['CUSTOMER', '/dashboard/customer/parts', 'Parts Catalog'],
    ['ADMIN', '/dashboard/admin/service-requests', 'Service Requests'],
    ['VENDOR', '/dashboard/vendor/engineers', 'Field Engineers'],
  ])('admits %s to its own area', async (role, path, title) => {
    renderApp(path, signedInAs(role));
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).not.toBeInTheDocument();
  });

  it('admits an engineer to the engineer area', async () => {
    renderApp('/dashboard/engineer/calendar', signedInAs('ENGINEER'));
    expect(
      await screen.findByRole('heading', { name: 'Service Calendar', level: 1 }),
    ).toBeInTheDocument();
  });

  it('gives an unknown role the customer navigation', async () => {
    renderApp('/dashboard', signedInAs('SUPERVISOR'));
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'My Chairs' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Book Service' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Support Tickets' })).not.toBeInTheDocument();
  });

  it.each(['/dashboard', '/dashboard/'])(
    'redirects %s to the role home, replacing it',
    async (path) => {
      const { router } = renderApp(path, signedInAs('ENGINEER'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/engineer'));
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it("shows 'Signing in...' on a guarded route while the session loads", () => {
    renderApp('/dashboard/engineer', new FakeSessionStore());
    expect(screen.getByRole('status')).toHaveTextContent('Signing in...');
  });

  it('admits all four roles when a guard has no explicit list', async () => {
    for (const role of ['CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR']) {
      const store = signedInAs(role);
      const router = createMemoryRouter(
        [
          {
            path: '/',
            element: <RoleGuard />,
            children: [{ index: true, element: <p>Inside</p> }],
          },
        ],
        { initialEntries: ['/'] },
      );
      const view = renderRouter(router, store);
      expect(screen.getByText('Inside')).toBeInTheDocument();
      view.unmount();
    }
  });
});
