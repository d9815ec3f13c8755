/**
 * The vendor's engineer dropdown (SPEC §2 Ticket and Service Assignment): 'Unassigned' while no
 * engineer is set, then every engineer, optionally with a count after the name. Choosing one
 * calls `onAssign`; the current engineer is selected.
 */
import { NativeSelect } from '@chakra-ui/react';
import type { User } from '../../domain/entities';
import { engineerLabel } from '../../domain/vendor';

export function EngineerSelect({
  label,
  engineers,
  value,
  onAssign,
  disabled,
  countOf,
}: {
  /** Accessible name, e.g. 'Assign engineer to Chair will not rise'. */
  label: string;
  engineers: readonly User[];
  value: string | null;
  onAssign: (engineer: User) => void;
  disabled?: boolean;
  /** Text after an engineer's name, e.g. '(2 scheduled)'. */
  countOf?: (engineer: User) => string;
}) {
  return (
    <NativeSelect.Root
      size="md"
      // Room for a name and its count ('Holdout Hannah (1 scheduled)'): 16rem cut them at 1440 px.
      width={{ base: 'full', md: '80' }}
      disabled={disabled}
    >
      <NativeSelect.Field
        aria-label={label}
        value={value ?? ''}
        onChange={(event) => {
          const engineer = engineers.find((e) => e.id === event.target.value);
          if (engineer) onAssign(engineer);
        }}
      >
        {value ? null : <option value="">Unassigned</option>}
        {value && !engineers.some((e) => e.id === value) ? (
          <option value={value}>Unknown Engineer</option>
        ) : null}
        {engineers.map((engineer) => (
          <option key={engineer.id} value={engineer.id}>
            {engineerLabel(engineer)}
            {countOf ? ` ${countOf(engineer)}` : ''}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
