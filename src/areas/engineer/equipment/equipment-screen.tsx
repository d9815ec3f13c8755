/**
 * Equipment Search (SPEC §2 Engineer routes): find a chair by serial number, model, owner name,
 * practice name or owner e-mail. Nothing is listed until text is typed; each result opens the
 * View Details or the Service History dialog. Reads the mirror only, so it works offline.
 */
import { Box, Input, InputGroup, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { ScreenHeading } from '../../../components/screen-heading';
import { useEquipmentSearch, type EquipmentItem } from '../../../data/queries/equipment';
import { EquipmentCard } from './equipment-card';
import { EquipmentDetailsDialog } from './equipment-details-dialog';
import { ServiceHistoryDialog } from './service-history-dialog';

type OpenDialog = { kind: 'details' | 'history'; chairId: string } | null;

function Prompt({ title, text }: { title: string; text: string }) {
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderRadius="lg" p="10" textAlign="center">
      <Text fontSize="lg" fontWeight="semibold">
        {title}
      </Text>
      <Text color="fg.muted">{text}</Text>
    </Box>
  );
}

function Results({ term, items }: { term: string; items: EquipmentItem[] | undefined }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const now = new Date();
  if (!term.trim()) {
    return (
      <Prompt
        title="Search for equipment"
        text="Type a serial number, model (S30 or U500), owner name, practice name or owner email to see matching chairs."
      />
    );
  }
  if (items === undefined) {
    return (
      <Stack align="center" p="10">
        <Spinner size="lg" aria-label="Searching" />
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Prompt
        title="No equipment found"
        text={`No chair matches “${term.trim()}”. Check the serial number or try the owner's name, practice or email.`}
      />
    );
  }
  const open = items.find((item) => item.chair.id === dialog?.chairId);
  return (
    <Stack gap="4">
      <Text color="fg.muted" aria-live="polite">
        {items.length === 1 ? '1 chair found' : `${items.length} chairs found`}
      </Text>
      <SimpleGrid as="ul" columns={{ base: 1, lg: 2 }} gap="4" m="0" p="0">
        {items.map((item) => (
          <EquipmentCard
            key={item.chair.id}
            item={item}
            now={now}
            onViewDetails={() => setDialog({ kind: 'details', chairId: item.chair.id })}
            onServiceHistory={() => setDialog({ kind: 'history', chairId: item.chair.id })}
          />
        ))}
      </SimpleGrid>
      {open && dialog?.kind === 'details' ? (
        <EquipmentDetailsDialog item={open} now={now} open onClose={() => setDialog(null)} />
      ) : null}
      {open && dialog?.kind === 'history' ? (
        <ServiceHistoryDialog chair={open.chair} now={now} open onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}

export function EquipmentScreen() {
  const [term, setTerm] = useState('');
  const items = useEquipmentSearch(term);
  return (
    <Box>
      <ScreenHeading
        title="Equipment Search"
        intro="Look up any chair in the equipment base, even without signal."
      />
      <InputGroup startElement={<LuSearch />} mb="6">
        <Input
          type="search"
          size="lg"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Serial number, model, owner, practice or email..."
          aria-label="Search equipment"
          autoComplete="off"
        />
      </InputGroup>
      <Results term={term} items={items} />
    </Box>
  );
}
