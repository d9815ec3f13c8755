/** A labelled 'All' / one-value filter of the vendor lists (status, priority). */
import { NativeSelect } from '@chakra-ui/react';

export function FilterSelect<T extends string>({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: T | 'ALL';
  options: Record<T, string>;
  onChange: (value: T | 'ALL') => void;
}) {
  return (
    <NativeSelect.Root size="lg" width={{ base: 'full', md: '56' }}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        bg="bg"
        onChange={(event) => onChange(event.target.value as T | 'ALL')}
      >
        <option value="ALL">{allLabel}</option>
        {(Object.entries(options) as [T, string][]).map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
