/**
 * A labelled form field: the label (with the required mark), the control, a helper line and the
 * SPEC's error message in red under it. The control is the child, so text inputs, selects and
 * text areas all sit in the same frame; `TextField` is the common case of a registered input and
 * `SelectField` (select-field.tsx, apart so the sign-in page's entry holds no select) of a
 * registered choice among options.
 */
import { Field, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface FormFieldProps {
  label: string;
  error?: string;
  helper?: string;
  required?: boolean;
  children: ReactNode;
}

export function FormField({ label, error, helper, required, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText color="fg.error">{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A FormField around a large react-hook-form text input. */
export function TextField({
  type = 'text',
  registration,
  autoComplete,
  ...field
}: Omit<FormFieldProps, 'children'> & {
  type?: string;
  autoComplete?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField {...field}>
      <Input type={type} size="lg" autoComplete={autoComplete} {...registration} />
    </FormField>
  );
}
