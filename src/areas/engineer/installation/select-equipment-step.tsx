/** Step 1: pick the chair being installed from those that can be (SPEC §4 Installation wizard). */
import {
  Badge,
  Box,
  HStack,
  Input,
  InputGroup,
  Spinner,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import type { InstallableChair } from '../../../data/queries/equipment';
import type { ChairStatus } from '../../../domain/entities';
import { modelName } from '../../../domain/chair-models';
import { formatDate } from '../../../domain/format';

const STATUS: Record<ChairStatus, { label: string; palette: string }> = {
  DELIVERED: { label: 'Pending Installation', palette: 'orange' },
  IN_STOCK: { label: 'In Stock', palette: 'gray' },
  REGISTERED: { label: 'Registered', palette: 'green' },
};

function matches({ chair, owner }: InstallableChair, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [
    chair.serialNumber,
    chair.model,
    chair.modelName,
    owner?.name,
    owner?.practice?.name,
    owner?.email,
  ].some((value) => value?.toLowerCase().includes(needle));
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
  if (chairs === undefined) {
    return (
      <Stack align="center" p="10">
        <Spinner size="lg" aria-label="Loading equipment" />
      </Stack>
    );
  }
  const shown = chairs.filter((item) => matches(item, term));
  return (
    <Stack gap="4">
      <InputGroup startElement={<LuSearch />}>
        <Input
          type="search"
          size="lg"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Search by serial number, model or customer..."
          aria-label="Search chairs to install"
          autoComplete="off"
        />
      </InputGroup>
      {shown.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="lg" p="8" textAlign="center">
          <Text fontWeight="semibold">No equipment found</Text>
          <Text color="fg.muted">
            {chairs.length === 0
              ? 'No chairs are waiting for installation.'
              : 'No chair waiting for installation matches your search.'}
          </Text>
        </Box>
      ) : (
        <Stack as="ul" gap="3" m="0" p="0" aria-label="Chairs to install">
          {shown.map(({ chair, owner }) => {
            const selected = chair.id === selectedId;
            const status = STATUS[chair.status];
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
                      <Text color="fg.muted">{chair.modelName || modelName(chair.model)}</Text>
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
                      <Badge colorPalette={status.palette} size="md">
                        {status.label}
                      </Badge>
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
