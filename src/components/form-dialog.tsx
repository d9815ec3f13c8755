/**
 * The one form-in-a-dialog frame: the dialog's title, the form (no browser validation: the
 * schema's SPEC messages show under each field), Cancel and the submit button, which spins while
 * `submitting`. The screen owns the form (react-hook-form) and passes its `handleSubmit(...)`.
 */
import { Button, Flex, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactElement, ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

/**
 * A form's two buttons, the one way: Cancel (a handler, or a link given as the element) and the
 * submit button, which spins while `submitting` ('Saving...' with `loadingText`). `formId` points
 * a submit button outside the form (a dialog's footer) at it.
 */
export function FormActions({
  cancel,
  cancelDisabled,
  submitLabel,
  submitting,
  submitDisabled,
  loadingText,
  formId,
}: {
  cancel: (() => void) | ReactElement;
  cancelDisabled?: boolean;
  submitLabel: string;
  submitting: boolean;
  submitDisabled?: boolean;
  loadingText?: string;
  formId?: string;
}) {
  return (
    <Flex gap="2" justify="flex-end" wrap="wrap">
      {typeof cancel === 'function' ? (
        <Button variant="outline" minH="44px" onClick={cancel} disabled={cancelDisabled}>
          Cancel
        </Button>
      ) : (
        <Button asChild variant="outline" minH="44px">
          {cancel}
        </Button>
      )}
      <Button
        type="submit"
        form={formId}
        colorPalette="brand"
        minH="44px"
        loading={submitting}
        loadingText={loadingText}
        disabled={submitDisabled}
      >
        {submitLabel}
      </Button>
    </Flex>
  );
}

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
        <FormActions
          cancel={onClose}
          submitLabel={submitLabel}
          submitting={submitting}
          formId={formId}
        />
      }
    >
      <form id={formId} aria-label={formLabel} onSubmit={onSubmit} noValidate>
        <Stack gap="4">{children}</Stack>
      </form>
    </DialogFrame>
  );
}
