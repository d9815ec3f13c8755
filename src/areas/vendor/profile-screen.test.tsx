import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { vendorPaths } from '../../domain/paths';
import { ProfileScreen } from './profile-screen';
import { VENDOR_ID, outbox, renderVendor } from './test-fixtures';

describe('Vendor ProfileScreen', () => {
  it("shows 'Full Operations Access' and that roles are changed by the administrator", async () => {
    await renderVendor(<ProfileScreen />, { path: vendorPaths.profile });
    expect(await screen.findByText('Full Operations Access')).toBeInTheDocument();
    expect(
      screen.getByText('Role or permission changes are made by the administrator.'),
    ).toBeInTheDocument();
  });

  it("says 'Vendor profile not found' without a row", async () => {
    await renderVendor(<ProfileScreen />, { path: vendorPaths.profile, withProfile: false });
    expect(await screen.findByText('Vendor profile not found')).toBeInTheDocument();
  });

  it('offers to change the password while editing', async () => {
    const user = userEvent.setup();
    await renderVendor(<ProfileScreen />, { path: vendorPaths.profile });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
  });

  it('validates name and email, saves, and returns to view', async () => {
    const user = userEvent.setup();
    const session = await renderVendor(<ProfileScreen />, { path: vendorPaths.profile });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await user.clear(form.getByRole('textbox', { name: /Full Name/ }));
    await user.clear(form.getByRole('textbox', { name: /Email Address/ }));
    await user.type(form.getByRole('textbox', { name: /Email Address/ }), 'not-an-email');
    await user.type(form.getByRole('textbox', { name: /Profile Picture URL/ }), 'nope');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Valid email is required')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid URL')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /Full Name/ }), 'Val Vendor');
    await user.clear(form.getByRole('textbox', { name: /Email Address/ }));
    await user.type(form.getByRole('textbox', { name: /Email Address/ }), 'val@vendor.example');
    await user.clear(form.getByRole('textbox', { name: /Profile Picture URL/ }));
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
    expect((await session.db.users.get(VENDOR_ID))?.name).toBe('Val Vendor');
    expect((await outbox(session))[0]?.name).toBe('profile.update');
  });

  it('Cancel resets the form to the stored values', async () => {
    const user = userEvent.setup();
    await renderVendor(<ProfileScreen />, { path: vendorPaths.profile });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByRole('textbox', { name: /Full Name/ });
    await user.clear(name);
    await user.type(name, 'Changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Victor Vance');
  });
});
