/**
 * Vendor My Profile (SPEC §2): view and edit, 'Full Operations Access'; role or permission changes
 * are made by the administrator. 'Vendor profile not found' when the mirror has no row.
 */
import { StaffProfile } from '../../components/staff-profile';
import { useOwnProfile } from '../../data/queries/vendor';
import { useChangePassword, useCurrentUser } from '../../data/session-context';
import { useAction } from '../../data/use-action';
import { profileUpdateArgs, type VendorProfileInput } from '../../domain/schemas/profile.schema';

const ACCESS = {
  title: 'Full Operations Access',
  privileges: [
    'See all field engineers, their workload and performance',
    'Assign and reassign support tickets',
    'Assign and reassign service requests',
  ],
  notes: ['Role or permission changes are made by the administrator.'],
};

export function ProfileScreen() {
  const me = useCurrentUser();
  const user = useOwnProfile(me.id);
  const { run } = useAction();
  const changePassword = useChangePassword();
  const save = (values: VendorProfileInput) =>
    run('profile.update', profileUpdateArgs(values), {
      success: { title: 'Profile updated successfully' },
      failure: 'Failed to update profile',
    });
  return (
    <StaffProfile
      title="My Profile"
      user={user}
      notFound="Vendor profile not found"
      access={ACCESS}
      onSave={save}
      changePassword={changePassword}
    />
  );
}
