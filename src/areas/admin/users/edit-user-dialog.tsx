/**
 * Edit User (issue 16: SPEC's disabled Edit made to work): name and a valid e-mail required,
 * phone and address optional (the kit's UserFields, in the directory's words); writes through the
 * queued 'user.update' action. Mount with `key` per user so another user's values never show here
 * (STYLE 13).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { useUnsavedInput } from '../../../components/unsaved-input';
import { UserFields } from '../../../components/user-fields';
import { useAction } from '../../../data/use-action';
import type { User } from '../../../domain/entities';
import {
  editUserSchema,
  type EditUserInput,
  type EditUserValues,
} from '../../../domain/schemas/edit-user.schema';

export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { run } = useAction();
  const form = useForm<EditUserInput, unknown, EditUserValues>({
    resolver: zodResolver(editUserSchema),
    defaultValues: {
      name: user.name ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      address: user.address ?? '',
    },
  });
  const { isDirty, isSubmitting } = form.formState;
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
      onSubmit={form.handleSubmit(submit)}
    >
      <UserFields
        form={form}
        schema={editUserSchema}
        wording="directory"
        fields={['name', 'email', 'phone', 'address']}
      />
    </FormDialog>
  );
}
