/** Step 1: pick the chair being installed from those that can be (SPEC §4 Installation wizard). */
import { Badge, Box, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScanLabelButton } from '../../../components/scan-label-button';
import { SearchField } from '../../../components/search-field';
import { ChairStatusBadge } from '../../../components/status-badges';
import type { InstallableChair } from '../../../data/queries/equipment';
import { formatDate } from '../../../domain/format';
import { chairModelName } from '../../../domain/labels';
import { matchesSearch } from '../../../domain/search';

function matches({ chair, owner }: InstallableChair, term: string): boolean {
  return matchesSearch(term, [
    chair.serialNumber,
    chair.model,
    chair.modelName,
    owner?.name,
    owner?.practice?.name,
    owner?.email,
  ]);
}

export function SelectEquipmentStep({
  chairs,
  selectedId,
  onSelect,
}: {
  chairs: InstallableChair[] | undefined;
  selectedId: string | null;
  onSelect: (chairId: string) => void;
}) {
  const [term, setTerm] = useState('');
  const field = useRef<HTMLInputElement>(null);
  if (chairs === undefined) {
    return <LoadingState label="Loading equipment…" />;
  }
  const shown = chairs.filter((item) => matches(item, term));
  return (
    <Stack gap="4">
      <SearchField
        label="Search chairs to install"
        value={term}
        onChange={setTerm}
        placeholder="Search by serial number, model or customer..."
        inputRef={field}
        // A label read fills the box as if its serial were typed.
        action={<ScanLabelButton field={field} onScan={setTerm} />}
      />
      {shown.length === 0 ? (
        <ListEmptyState
          title="No equipment found"
          description={
            chairs.length === 0
              ? 'No chairs are waiting for installation.'
              : 'No chair waiting for installation matches your search.'
          }
        />
      ) : (
        <Stack as="ul" gap="3" m="0" p="0" aria-label="Chairs to install">
          {shown.map(({ chair, owner }) => {
            const selected = chair.id === selectedId;
            return (
              <Box as="li" listStyleType="none" key={chair.id}>
                <chakra.button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(chair.id)}
                  width="100%"
                  textAlign="start"
                  borderWidth="2px"
                  borderColor={selected ? 'brand.solid' : 'border'}
                  bg={selected ? 'brand.subtle' : 'bg'}
                  borderRadius="lg"
                  p="4"
                  minH="44px"
                  cursor="pointer"
                  _hover={{ borderColor: 'brand.solid' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
                >
                  <HStack justify="space-between" align="start" gap="3">
                    <Stack gap="0">
                      <Text fontSize="lg" fontWeight="semibold">
                        {chair.serialNumber}
                      </Text>
                      <Text color="fg.muted">{chairModelName(chair)}</Text>
                      <Text>
                        {owner?.name || 'No owner assigned'}
                        {' · '}
                        {owner?.practice?.name || 'No practice'}
                      </Text>
                      {chair.deliveryDate ? (
                        <Text fontSize="sm" color="fg.muted">
                          Delivered {formatDate(chair.deliveryDate)}
                        </Text>
                      ) : null}
                    </Stack>
                    <Stack align="end" gap="2">
                      <ChairStatusBadge status={chair.status} forInstallation />
                      {selected ? (
                        <Badge colorPalette="brand" variant="solid" size="md">
                          Selected
                        </Badge>
                      ) : null}
                    </Stack>
                  </HStack>
                </chakra.button>
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
