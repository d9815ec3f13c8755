/**
 * The list search box every screen uses: a magnifier, a large search input and an accessible name
 * (`label`, which screen readers and tests find it by). Controlled by the screen.
 */
import { Input, InputGroup } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';

export function SearchField({
  label,
  value,
  onChange,
  placeholder,
}: {
  /** The accessible name, e.g. 'Search tickets'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <InputGroup startElement={<LuSearch aria-hidden />} maxW={{ md: 'xl' }}>
      <Input
        type="search"
        size="lg"
        bg="bg"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </InputGroup>
  );
}
