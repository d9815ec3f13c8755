/**
 * Admin Profile (SPEC §2): view and edit, 'Full System Access' with the admin's privileges and
 * security notes; 'Admin profile not found' when the mirror has no row for the user.
 */
import { StaffProfile } from '../../components/staff-profile';
import { useOwnProfile } from '../../data/queries/admin';
import { useChangePassword, useCurrentUser } from '../../data/session-context';
import { useAction } from '../../data/use-action';
import { profileUpdateArgs, type AdminProfileInput } from '../../domain/schemas/profile.schema';

const ACCESS = {
  title: 'Full System Access',
  privileges: [
    'Create and delete users, and change their roles',
    'Add chairs to the inventory and reassign registered chairs',
    'Manage the parts catalogue and training resources',
    'Manage part requests; view all support tickets and service requests',
  ],
  notes: [
    'Every change you make is recorded with your account and the time.',
    'Sign out when you leave a shared computer; your password is never shown or stored here.',
  ],
};

export function ProfileScreen() {
  const me = useCurrentUser();
  const user = useOwnProfile(me.id);
  const { run } = useAction();
  const changePassword = useChangePassword();
  const save = (values: AdminProfileInput) =>
    run('profile.update', profileUpdateArgs(values), {
      success: { title: 'Profile updated successfully' },
      failure: 'Failed to update profile',
    });
  return (
    <StaffProfile
      title="Profile"
      user={user}
      notFound="Admin profile not found"
      access={ACCESS}
      onSave={save}
      changePassword={changePassword}
    />
  );
}
