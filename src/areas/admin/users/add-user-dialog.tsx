/**
 * The Add User dialog (SPEC §2 Admin Users, §5 Add user): name, valid e-mail and role (Customer,
 * Admin, Engineer) required, the rest optional; practice fields for a customer, location and
 * comma-separated coverage areas and specializations for an engineer.
 */
import { NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormField, TextField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import { PRACTICE_TYPE_NAMES, addUserArgs } from '../../../domain/admin-users';
import { ROLE_LABELS } from '../../../domain/labels';
import {
  ADDABLE_ROLES,
  addUserSchema,
  type AddUserInput,
} from '../../../domain/schemas/admin.schema';
import { PRACTICE_TYPES } from '../../../domain/schemas/common';

const EMPTY: AddUserInput = {
  name: '',
  email: '',
  role: 'CUSTOMER',
  phone: '',
  address: '',
  practiceName: '',
  practiceType: 'DENTAL',
  location: '',
  coverageAreas: '',
  specializations: '',
};

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { run } = useAction();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<AddUserInput>({ resolver: zodResolver(addUserSchema), defaultValues: EMPTY });
  useUnsavedInput(isDirty && !isSubmitting);
  const role = watch('role');

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = async (values: AddUserInput) => {
    const ok = await run('user.create', addUserArgs(crypto.randomUUID(), values), {
      success: { title: 'User created successfully' },
      failure: 'Failed to create user',
    });
    if (ok) close();
  };

  return (
    <FormDialog
      title="Add New User"
      open={open}
      onClose={close}
      size="lg"
      formId="add-user"
      formLabel="Add user"
      submitLabel="Create User"
      submitting={isSubmitting}
      onSubmit={handleSubmit(submit)}
    >
      <TextField
        label="Name"
        required
        error={errors.name?.message}
        registration={register('name')}
      />
      <TextField
        label="Email"
        type="email"
        required
        error={errors.email?.message}
        registration={register('email')}
      />
      <FormField label="Role" required error={errors.role?.message}>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field {...register('role')}>
            {ADDABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Phone" registration={register('phone')} />
        <TextField label="Address" registration={register('address')} />
      </SimpleGrid>
      {role === 'CUSTOMER' ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField
            label="Practice Name"
            helper="A practice is saved only with a name"
            registration={register('practiceName')}
          />
          <FormField label="Practice Type">
            <NativeSelect.Root size="lg">
              <NativeSelect.Field {...register('practiceType')}>
                {PRACTICE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {PRACTICE_TYPE_NAMES[t]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
      ) : null}
      {role === 'ENGINEER' ? (
        <Stack gap="4">
          <TextField
            label="Location"
            helper="Engineer details are saved only with a location"
            registration={register('location')}
          />
          <TextField
            label="Coverage Areas"
            helper="Comma-separated"
            registration={register('coverageAreas')}
          />
          <TextField
            label="Specializations"
            helper="Comma-separated"
            registration={register('specializations')}
          />
        </Stack>
      ) : null}
    </FormDialog>
  );
}
