/**
 * The one form-in-a-dialog frame: the dialog's title, the form (no browser validation: the
 * schema's SPEC messages show under each field), Cancel and the submit button, which spins while
 * `submitting`. The screen owns the form (react-hook-form) and passes its `handleSubmit(...)`.
 */
import { Button, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

export function FormDialog({
  title,
  open = true,
  onClose,
  formId,
  formLabel,
  submitLabel,
  submitting,
  onSubmit,
  size = 'lg',
  children,
}: {
  title: string;
  /** Mounted-when-open dialogs leave it out. */
  open?: boolean;
  onClose: () => void;
  /** The form's id, which the footer's submit button points at. */
  formId: string;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  return (
    <DialogFrame
      title={title}
      open={open}
      onClose={onClose}
      size={size}
      footer={
        <Stack direction="row" gap="2">
          <Button variant="outline" minH="44px" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} colorPalette="brand" minH="44px" loading={submitting}>
            {submitLabel}
          </Button>
        </Stack>
      }
    >
      <form id={formId} aria-label={formLabel} onSubmit={onSubmit} noValidate>
        <Stack gap="4">{children}</Stack>
      </form>
    </DialogFrame>
  );
}
