/**
 * The customer's profile edit form (SPEC §2 Customer Profile, §4 Profile pages, §5 Customer
 * profile): personal and practice fields over customerProfileSchema. The practice goes to the
 * mutation as typed; the domain saves it only when a practice field is filled (type DENTAL by
 * default). Cancel resets to the stored values; a successful save returns to view.
 */
import { Button, Heading, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField, TextField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import type { User } from '../../../domain/entities';
import { PRACTICE_TYPES } from '../../../domain/schemas/common';
import {
  customerProfileSchema,
  type CustomerProfileFormInput,
  type CustomerProfileInput,
} from '../../../domain/schemas/profile.schema';
import { PRACTICE_TYPE_LABELS } from './practice-labels';

export function profileFormValues(user: User): CustomerProfileFormInput {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    address: user.address ?? '',
    profilePictureUrl: user.profilePictureUrl ?? '',
    practiceName: user.practice?.name ?? '',
    practiceType: user.practice?.type ?? 'DENTAL',
    practiceAddress: user.practice?.address ?? '',
    practicePhone: user.practice?.phone ?? '',
  };
}

export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { run } = useAction();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CustomerProfileFormInput, unknown, CustomerProfileInput>({
    resolver: zodResolver(customerProfileSchema),
    defaultValues: profileFormValues(user),
  });
  useUnsavedInput(isDirty && !isSubmitting);

  const cancel = () => {
    reset(profileFormValues(user));
    onDone();
  };

  const save = async (values: CustomerProfileInput) => {
    const saved = await run(
      'profile.update',
      {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone?.trim() ?? '',
        address: values.address?.trim() ?? '',
        profilePictureUrl: values.profilePictureUrl?.trim() ?? '',
        practice: {
          name: values.practiceName?.trim() ?? '',
          type: values.practiceType,
          address: values.practiceAddress?.trim() ?? '',
          phone: values.practicePhone?.trim() ?? '',
        },
      },
      { success: { title: 'Profile updated successfully' }, failure: 'Failed to update profile' },
    );
    if (saved) onDone();
  };

  return (
    <form aria-label="Edit profile" onSubmit={handleSubmit(save)} noValidate>
      <Stack gap="5">
        <Heading as="h2" size="md">
          Personal Information
        </Heading>
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
          <TextField label="Phone Number" type="tel" registration={register('phone')} />
          <TextField label="Address" registration={register('address')} />
        </SimpleGrid>
        <TextField
          label="Profile Picture URL"
          type="url"
          helper="Leave blank to use your initials"
          error={errors.profilePictureUrl?.message}
          registration={register('profilePictureUrl')}
        />
        <Heading as="h2" size="md">
          Practice Information
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <TextField label="Practice Name" registration={register('practiceName')} />
          <FormField label="Practice Type" error={errors.practiceType?.message}>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field {...register('practiceType')}>
                {PRACTICE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PRACTICE_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <TextField label="Practice Address" registration={register('practiceAddress')} />
          <TextField label="Practice Phone" type="tel" registration={register('practicePhone')} />
        </SimpleGrid>
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="2">
          <Button variant="outline" minH="44px" onClick={cancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            minH="44px"
            loading={isSubmitting}
            loadingText="Saving..."
          >
            Save Changes
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
