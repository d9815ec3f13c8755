/**
 * Edit User (issue 16: SPEC's disabled Edit made to work): name and a valid e-mail required,
 * phone and address optional; writes through the queued 'user.update' action. Mount with `key`
 * per user so another user's values never show here (STYLE 13).
 */
import { SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-field';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { useAction } from '../../../data/use-action';
import type { User } from '../../../domain/entities';
import {
  editUserSchema,
  type EditUserInput,
  type EditUserValues,
} from '../../../domain/schemas/edit-user.schema';

export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { run } = useAction();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<EditUserInput, unknown, EditUserValues>({
    resolver: zodResolver(editUserSchema),
    defaultValues: {
      name: user.name ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      address: user.address ?? '',
    },
  });
  useUnsavedInput(isDirty && !isSubmitting);

  const submit = async (values: EditUserValues) => {
    const ok = await run(
      'user.update',
      {
        userId: user.id,
        name: values.name.trim(),
        email: values.email,
        phone: values.phone?.trim() ?? '',
        address: values.address?.trim() ?? '',
      },
      { success: { title: 'User updated successfully' }, failure: 'Failed to update user' },
    );
    if (ok) onClose();
  };

  return (
    <FormDialog
      title="Edit User"
      onClose={onClose}
      size="lg"
      formId="edit-user"
      formLabel="Edit user"
      submitLabel="Save Changes"
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
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label="Phone" registration={register('phone')} />
        <TextField label="Address" registration={register('address')} />
      </SimpleGrid>
    </FormDialog>
  );
}
