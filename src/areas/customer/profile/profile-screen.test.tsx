import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../domain/entities';
import { customerPaths } from '../../../domain/paths';
import { userRow } from '../../../testing/rows';
import { CUSTOMER_ID, failNextWrite, outbox, renderCustomer } from '../test-fixtures';
import { ProfileScreen } from './profile-screen';

async function renderProfile(practice: User['practice'] = null) {
  return renderCustomer(<ProfileScreen />, {
    path: customerPaths.profile,
    withProfile: false,
    seed: (db) =>
      db.users.put(
        userRow({
          id: CUSTOMER_ID,
          name: 'Sarah Mitchell',
          email: 'desk@riverside.example',
          phone: '07700 900321',
          practice,
        }),
      ),
  });
}

describe('Customer ProfileScreen', () => {
  it('says Customer profile not found when the row is missing', async () => {
    await renderCustomer(<ProfileScreen />, { path: customerPaths.profile, withProfile: false });
    expect(await screen.findByText('Customer profile not found')).toBeInTheDocument();
  });

  it('shows personal, practice and account information', async () => {
    await renderProfile({ name: 'Riverside Dental Care', type: 'VETERINARY' });
    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    expect(within(personal).getByText('07700 900321')).toBeInTheDocument();
    const practice = screen.getByRole('region', { name: 'Practice Information' });
    expect(within(practice).getByText('Riverside Dental Care')).toBeInTheDocument();
    expect(within(practice).getByText('Veterinary')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Account Information' })).toBeInTheDocument();
  });

  it('offers to change the password while editing', async () => {
    const user = userEvent.setup();
    await renderProfile();
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('validates with SPEC’s messages', async () => {
    const user = userEvent.setup();
    await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText(/Full Name/));
    await user.clear(screen.getByLabelText(/Email Address/));
    await user.type(screen.getByLabelText(/Email Address/), 'not-an-email');
    await user.type(screen.getByLabelText(/Profile Picture URL/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
  });

  it('saves no practice while its fields are empty, and returns to view', async () => {
    const user = userEvent.setup();
    const session = await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText(/Phone Number/));
    await user.type(screen.getByLabelText(/Phone Number/), '07700 900999');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    const user1 = await session.db.users.get(CUSTOMER_ID);
    expect(user1?.phone).toBe('07700 900999');
    expect(user1?.practice).toBeNull();
    expect((await outbox(session))[0]?.name).toBe('profile.update');
  });

  it('saves a practice once a field is filled, typed DENTAL by default', async () => {
    const user = userEvent.setup();
    const session = await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText(/Practice Name/), 'Kingston Smiles');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect((await session.db.users.get(CUSTOMER_ID))?.practice).toMatchObject({
      name: 'Kingston Smiles',
      type: 'DENTAL',
    });
  });

  it('says Failed to update profile when the device cannot store it, and stays in edit', async () => {
    const user = userEvent.setup();
    const session = await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText(/Phone Number/));
    await user.type(screen.getByLabelText(/Phone Number/), '07700 900999');
    failNextWrite(session);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue('07700 900999');
    expect((await session.db.users.get(CUSTOMER_ID))?.phone).toBe('07700 900321');
  });

  it('Cancel puts the stored values back', async () => {
    const user = userEvent.setup();
    await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText(/Full Name/));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Sarah Mitchell');
  });
});
