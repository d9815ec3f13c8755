/**
 * A labelled form field: the label (with the required mark), the control, a helper line and the
 * SPEC's error message in red under it. The control is the child, so text inputs, selects and
 * text areas all sit in the same frame; `TextField` is the common case of a registered input and
 * `SelectField` of a registered choice among options.
 */
import { Field, Input, NativeSelect } from '@chakra-ui/react';
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

/** One choice of a SelectField: the stored value and its words. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A FormField around a large react-hook-form select: an optional first entry with the empty value
 * (`placeholder`: 'Select a chair', 'No specific chair'), then `options` in order.
 */
export function SelectField({
  registration,
  options,
  placeholder,
  disabled,
  autoFocus,
  ...field
}: Omit<FormFieldProps, 'children'> & {
  registration: UseFormRegisterReturn;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  /** Focused when it mounts: a dialog's first field that appears after the dialog opened. */
  autoFocus?: boolean;
}) {
  return (
    <FormField {...field}>
      <NativeSelect.Root size="lg" disabled={disabled}>
        <NativeSelect.Field autoFocus={autoFocus} {...registration}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** A labels record ({ CODE: 'Words' }) over the codes given, as SelectField options. */
export function labelledOptions<T extends string>(
  codes: readonly T[],
  labels: Record<T, string>,
): SelectOption[] {
  return codes.map((code) => ({ value: code, label: labels[code] }));
}
