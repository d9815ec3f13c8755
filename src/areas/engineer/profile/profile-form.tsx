/**
 * The engineer's profile edit form (SPEC §2 My Profile, §5 Engineer profile): react-hook-form
 * over engineerProfileSchema, errors in red under each field. Saves through 'profile.update'
 * with only the engineer fields an engineer may edit (never certifications, availability or
 * metrics).
 */
import { Button, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form-field';
import { useAction } from '../../../data/use-action';
import type { User } from '../../../domain/entities';
import {
  engineerProfileSchema,
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EngineerProfileInput>({
    resolver: zodResolver(engineerProfileSchema),
    defaultValues: profileFormValues(user),
  });

  const cancel = () => {
    reset(profileFormValues(user));
    onDone();
  };

  const save = async (values: EngineerProfileInput) => {
    const saved = await run(
      'profile.update',
      {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone?.trim() ?? '',
        // Not on this form, but the update replaces it: send the stored value back unchanged.
        address: user.address ?? '',
        profilePictureUrl: values.profilePictureUrl?.trim() ?? '',
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
    if (saved) onDone();
  };

  return (
    <form aria-label="Edit profile" onSubmit={handleSubmit(save)} noValidate>
      <Stack gap="5">
        <TextField
          label="Profile Picture URL"
          type="url"
          helper="Leave blank to use your initials"
          error={errors.profilePictureUrl?.message}
          registration={register('profilePictureUrl')}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <TextField
            label="Full Name"
            required
            error={errors.name?.message}
            registration={register('name')}
          />
          <TextField
            label="Email Address"
            type="email"
            required
            error={errors.email?.message}
            registration={register('email')}
          />
          <TextField
            label="Phone Number"
            type="tel"
            error={errors.phone?.message}
            registration={register('phone')}
          />
          <TextField
            label="Primary Location"
            required
            error={errors.location?.message}
            registration={register('location')}
          />
          <TextField
            label="Emergency Phone"
            type="tel"
            error={errors.emergencyPhone?.message}
            registration={register('emergencyPhone')}
          />
        </SimpleGrid>
        <TextField
          label="Coverage Areas"
          required
          helper="Separate areas with commas"
          error={errors.coverageAreas?.message}
          registration={register('coverageAreas')}
        />
        <TextField
          label="Specializations"
          required
          helper="Separate specializations with commas"
          error={errors.specializations?.message}
          registration={register('specializations')}
        />
        <TextField
          label="Skill Sets"
          required
          helper="Separate skills with commas"
          error={errors.skillSets?.message}
          registration={register('skillSets')}
        />
        <Flex gap="3" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={cancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Saving...">
            Save Changes
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
