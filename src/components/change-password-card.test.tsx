import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordCard } from './change-password-card';
import { Toaster, toaster } from './toaster';

function show(changePassword: (current: string, next: string) => Promise<void>) {
  render(
    <ChakraProvider value={defaultSystem}>
      <ChangePasswordCard changePassword={changePassword} />
      <Toaster />
    </ChakraProvider>,
  );
}

async function fill(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

beforeEach(() => toaster.remove());

describe('ChangePasswordCard', () => {
  it('checks the fields with the schema messages before asking the server', async () => {
    const changePassword = vi.fn(() => Promise.resolve());
    show(changePassword);
    await fill('', 'abc', 'abd');
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('shows the refusal under the form and keeps the input', async () => {
    show(() => Promise.reject(new Error('Current password is incorrect')));
    await fill('wrong-one', 'battery-staple', 'battery-staple');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(screen.getByLabelText('New password')).toHaveValue('battery-staple');
  });

  it('changes the password, says the other devices are signed out, and clears the fields', async () => {
    const changePassword = vi.fn(() => Promise.resolve());
    show(changePassword);
    await fill('correct-horse', 'battery-staple', 'battery-staple');
    expect(changePassword).toHaveBeenCalledWith('correct-horse', 'battery-staple');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your other devices have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  });
});
