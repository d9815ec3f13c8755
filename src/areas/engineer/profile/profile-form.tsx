/**
 * The engineer's profile edit form (SPEC §2 My Profile, §5 Engineer profile): react-hook-form
 * over engineerProfileSchema, errors in red under each field. Saves through 'profile.update'
 * with only the engineer fields an engineer may edit (never certifications, availability or
 * metrics).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ProfileEditForm, UserFields } from '../../../components/user-fields';
import { useAction } from '../../../data/use-action';
import type { User } from '../../../domain/entities';
import {
  engineerProfileSchema,
  profileUpdateArgs,
  splitList,
  type EngineerProfileInput,
} from '../../../domain/schemas/profile.schema';

/** The form's values from the stored row (lists joined with ', '). */
export function profileFormValues(user: User): EngineerProfileInput {
  const engineer = user.engineer ?? {};
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    profilePictureUrl: user.profilePictureUrl ?? '',
    location: engineer.location ?? '',
    emergencyPhone: engineer.emergencyPhone ?? '',
    coverageAreas: (engineer.coverageAreas ?? []).join(', '),
    specializations: (engineer.specializations ?? []).join(', '),
    skillSets: (engineer.skillSets ?? []).join(', '),
  };
}

export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { run } = useAction();
  const stored = profileFormValues(user);
  const form = useForm<EngineerProfileInput, unknown, EngineerProfileInput>({
    resolver: zodResolver(engineerProfileSchema),
    defaultValues: stored,
  });

  const save = (values: EngineerProfileInput) =>
    run(
      'profile.update',
      {
        // The address is not on this form, but the update replaces it: the stored value goes back.
        ...profileUpdateArgs({ ...values, address: user.address ?? '' }),
        engineer: {
          location: values.location.trim(),
          emergencyPhone: values.emergencyPhone?.trim() ?? '',
          coverageAreas: splitList(values.coverageAreas),
          specializations: splitList(values.specializations),
          skillSets: splitList(values.skillSets),
        },
      },
      { success: { title: 'Profile updated successfully' }, failure: 'Failed to update profile' },
    );

  return (
    <ProfileEditForm form={form} stored={stored} onSave={save} onDone={onDone}>
      <UserFields
        form={form}
        schema={engineerProfileSchema}
        fields={[
          'profilePictureUrl',
          'name',
          'email',
          'phone',
          'location',
          'emergencyPhone',
          'coverageAreas',
          'specializations',
          'skillSets',
        ]}
      />
    </ProfileEditForm>
  );
}
