import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSessionStore, renderApp } from '../testing/app-test-kit';

function signedOut() {
  const store = new FakeSessionStore();
  store.setSignedOut();
  return store;
}

async function fillValid(password = 'secret123', confirm = password) {
  await userEvent.type(screen.getByLabelText('Name'), 'Dr. Ana Ruiz');
  await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-up screen', () => {
  it('shows every SPEC §5 message for an empty form', async () => {
    const store = signedOut();
    renderApp('/signup', store);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(store.signUp).not.toHaveBeenCalled();
  });

  it("says 'Passwords don't match' under Confirm Password", async () => {
    renderApp('/signup', signedOut());
    await fillValid('secret123', 'secret124');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const message = await screen.findByText("Passwords don't match");
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
    // The message sits in the Confirm Password field, not under Password.
    expect(screen.getByLabelText('Confirm Password').parentElement).toContainElement(message);
    expect(screen.getByLabelText('Password').parentElement).not.toContainElement(message);
  });

  it('offers all four roles and sends the chosen one', async () => {
    const store = signedOut();
    renderApp('/signup', store);
    const role = screen.getByLabelText('Role');
    expect(Array.from((role as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'CUSTOMER',
      'ADMIN',
      'ENGINEER',
      'VENDOR',
    ]);
    await fillValid();
    await userEvent.selectOptions(role, 'ADMIN');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(store.signUp).toHaveBeenCalledWith({
        name: 'Dr. Ana Ruiz',
        email: 'ana@example.com',
        password: 'secret123',
        role: 'ADMIN',
      }),
    );
  });

  it("shows SPEC §8's message when the account exists", async () => {
    const store = signedOut();
    store.signUp.mockRejectedValue(
      new Error('An account with this email already exists. Please sign in instead.'),
    );
    renderApp('/signup', store);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Please sign in instead.',
    );
  });

  it('says the account was created and goes to /login after 1.5 s', async () => {
    const store = signedOut();
    const { router } = renderApp('/signup', store);
    await fillValid();
    // The redirect's clock is the test's alone (no real time leaks into it on a busy machine).
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    // The sign-up's answer is a settled promise: shown once the tasks now due have run.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(
      screen.getByText('Account created successfully! Redirecting to login...'),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1400));
    expect(router.state.location.pathname).toBe('/signup');
    act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks to confirm the e-mail and goes to /login after 3 s', async () => {
    const store = signedOut();
    store.signUp.mockResolvedValue({ needsEmailConfirmation: true });
    const { router } = renderApp('/signup', store);
    await fillValid();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(
      screen.getByText('Account created! Please check your email to verify before signing in.'),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/signup');
    act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('links to sign-in', async () => {
    const { router } = renderApp('/signup', signedOut());
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});
