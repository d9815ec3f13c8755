/**
 * Change password, for every role's profile screen: current password, new password and its
 * confirmation, checked by the domain's schema (SPEC's minimum, bcrypt's 72-byte maximum). The
 * screen passes `changePassword` (from useChangePassword in src/data); a refusal comes back as
 * words and shows under the form, a success as a toast, and the fields are cleared.
 */
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema, type ChangePasswordInput } from '../domain/schemas/auth.schema';
import { TextField } from './form-field';
import { toaster } from './toaster';
import { useUnsavedInput } from './unsaved-input';

export const PASSWORD_CHANGED = 'Password changed';
export const PASSWORD_CHANGED_DETAIL = 'Your other devices have been signed out.';

export function ChangePasswordCard({
  changePassword,
}: {
  /** Resolves when changed; rejects with an Error whose message the user reads. */
  changePassword: (currentPassword: string, newPassword: string) => Promise<void>;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedInput(isDirty);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await changePassword(values.currentPassword, values.newPassword);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : 'Failed to change password');
      return;
    }
    form.reset();
    toaster.create({
      type: 'success',
      title: PASSWORD_CHANGED,
      description: PASSWORD_CHANGED_DETAIL,
    });
  });

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="change-password">
          <Stack gap="4" maxW="md">
            <Heading as="h3" size="md" id="change-password">
              Change password
            </Heading>
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              registration={form.register('currentPassword')}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              helper="At least 6 characters"
              error={errors.newPassword?.message}
              registration={form.register('newPassword')}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              registration={form.register('confirmPassword')}
            />
            {refusal ? (
              <Text color="fg.error" role="alert">
                {refusal}
              </Text>
            ) : null}
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={isSubmitting}
            >
              Change password
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
