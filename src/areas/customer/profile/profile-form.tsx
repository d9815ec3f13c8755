/**
 * The customer's profile edit form (SPEC §2 Customer Profile, §4 Profile pages, §5 Customer
 * profile): personal and practice fields over customerProfileSchema. The practice goes to the
 * mutation as typed; the domain saves it only when a practice field is filled (type DENTAL by
 * default). Cancel resets to the stored values; a successful save returns to view.
 */
import { Heading } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ProfileEditForm, UserFields } from '../../../components/user-fields';
import { useAction } from '../../../data/use-action';
import type { User } from '../../../domain/entities';
import {
  customerProfileSchema,
  profileUpdateArgs,
  type CustomerProfileFormInput,
  type CustomerProfileInput,
} from '../../../domain/schemas/profile.schema';

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
  const stored = profileFormValues(user);
  const form = useForm<CustomerProfileFormInput, unknown, CustomerProfileInput>({
    resolver: zodResolver(customerProfileSchema),
    defaultValues: stored,
  });

  const save = (values: CustomerProfileInput) =>
    run(
      'profile.update',
      {
        ...profileUpdateArgs(values),
        practice: {
          name: values.practiceName?.trim() ?? '',
          type: values.practiceType,
          address: values.practiceAddress?.trim() ?? '',
          phone: values.practicePhone?.trim() ?? '',
        },
      },
      { success: { title: 'Profile updated successfully' }, failure: 'Failed to update profile' },
    );

  return (
    <ProfileEditForm form={form} stored={stored} onSave={save} onDone={onDone}>
      <Heading as="h2" size="md">
        Personal Information
      </Heading>
      <UserFields
        form={form}
        schema={customerProfileSchema}
        fields={['name', 'email', 'phone', 'address', 'profilePictureUrl']}
      />
      <Heading as="h2" size="md">
        Practice Information
      </Heading>
      <UserFields
        form={form}
        schema={customerProfileSchema}
        fields={['practiceName', 'practiceType', 'practiceAddress', 'practicePhone']}
      />
    </ProfileEditForm>
  );
}
