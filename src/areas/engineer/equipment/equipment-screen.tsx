/**
 * Equipment Search (SPEC §2 Engineer routes): find a chair by serial number, model, owner name,
 * practice name or owner e-mail. Nothing is listed until text is typed; each result opens the
 * View Details or the Service History dialog. Reads the mirror only, so it works offline.
 */
import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchField } from '../../../components/search-field';
import { useEquipmentSearch, type EquipmentItem } from '../../../data/queries/equipment';
import { EquipmentCard } from './equipment-card';
import { EquipmentDetailsDialog } from './equipment-details-dialog';
import { ServiceHistoryDialog } from './service-history-dialog';

type OpenDialog = { kind: 'details' | 'history'; chairId: string } | null;

function Results({ term, items }: { term: string; items: EquipmentItem[] | undefined }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const now = new Date();
  if (!term.trim()) {
    return (
      <ListEmptyState
        title="Search for equipment"
        description="Type a serial number, model (S30 or U500), owner name, practice name or owner email to see matching chairs."
      />
    );
  }
  if (items === undefined) {
    return <LoadingState label="Searching…" />;
  }
  if (items.length === 0) {
    return (
      <ListEmptyState
        title="No equipment found"
        description={`No chair matches “${term.trim()}”. Check the serial number or try the owner's name, practice or email.`}
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
      <Box mb="6">
        <SearchField
          label="Search equipment"
          value={term}
          onChange={setTerm}
          placeholder="Serial number, model, owner, practice or email..."
        />
      </Box>
      <Results term={term} items={items} />
    </Box>
  );
}
