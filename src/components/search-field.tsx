/**
 * The list search box every screen uses: a magnifier, a large search input and an accessible name
 * (`label`, which screen readers and tests find it by). Controlled by the screen. `action` is a
 * secondary control beside the box (the Scan label button), after it in the tab order.
 */
import { HStack, Input, InputGroup } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { LuSearch } from 'react-icons/lu';

export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  inputRef,
  action,
}: {
  /** The accessible name, e.g. 'Search tickets'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  action?: ReactNode;
}) {
  const box = (
    <InputGroup
      startElement={<LuSearch aria-hidden />}
      maxW={action ? undefined : { md: 'xl' }}
      flex={action ? '1' : undefined}
    >
      <Input
        ref={inputRef}
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
  if (!action) return box;
  return (
    <HStack gap="2" maxW={{ md: 'xl' }} align="stretch">
      {box}
      {action}
    </HStack>
  );
}
