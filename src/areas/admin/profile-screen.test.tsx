import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../domain/paths';
import { ProfileScreen } from './profile-screen';
import { renderAdmin } from './test-fixtures';

describe('Admin ProfileScreen', () => {
  it("shows 'Full System Access' with the admin's privileges", async () => {
    await renderAdmin(<ProfileScreen />, { path: adminPaths.profile });
    expect(await screen.findByText('Full System Access')).toBeInTheDocument();
    expect(screen.getByText('Create and delete users, and change their roles')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it("says 'Admin profile not found' without a row", async () => {
    await renderAdmin(<ProfileScreen />, { path: adminPaths.profile, withProfile: false });
    expect(await screen.findByText('Admin profile not found')).toBeInTheDocument();
  });
});
