// A FormField around a registered choice among options (form-field.tsx), and the options made from
// a labels record. Apart from form-field.tsx, which the sign-in page uses: the select and its
// recipe load with the screens that have one.
import { NativeSelect } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, type FormFieldProps } from './form-field';

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
