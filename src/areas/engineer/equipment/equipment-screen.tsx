/**
 * Equipment Search (SPEC §2 Engineer routes): find a chair by serial number, model, owner name,
 * practice name or owner e-mail. Nothing is listed until text is typed; each result opens the
 * View Details or the Service History dialog, 50 at a time ('Show more'). Reads the mirror only,
 * so it works offline; a keystroke searches an index in memory, never IndexedDB.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScanLabelButton } from '../../../components/scan-label-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { ListRows } from '../../../components/searchable-list';
import { SearchField } from '../../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { useAfterPaint } from '../../../components/use-after-paint';
import { useNow } from '../../../components/use-now';
import {
  searchEquipmentIndex,
  type EquipmentItem,
  type EquipmentMatch,
} from '../../../data/queries/equipment';
import { useEquipmentIndex, useShownEquipment } from '../../../data/queries/equipment-index';
import { EquipmentCard, equipmentCardLabel } from './equipment-card';
import { EquipmentDetailsDialog } from './equipment-details-dialog';
import { ServiceHistoryDialog } from './service-history-dialog';
import { countOf } from '../../../domain/format';

type OpenDialog = { kind: 'details' | 'history'; chairId: string } | null;

const NO_MATCHES: EquipmentMatch[] = [];
const NO_ITEMS: EquipmentItem[] = [];
const RESULT_COLUMNS = { base: 1, lg: 2 };
const chairKey = (item: EquipmentItem) => item.chair.id;

/**
 * The results of the search, one frame behind the box. Memoised: a keystroke's own render passes
 * the same props and draws only the box; the new results follow after its paint, their cards
 * mounted a screenful per task (ListRows), so no key waits for fifty cards before it is painted.
 */
const Results = memo(function Results({
  term,
  matches,
}: {
  term: string;
  matches: EquipmentMatch[] | undefined;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Every chair may match a letter or two: the first 50 are drawn, 'Show more' adds the next.
  const { shown, more, total } = useShowMore(matches ?? NO_MATCHES);
  // The cards with their open tickets, counted for the chairs shown; the last ones meanwhile.
  const page = useShownEquipment(shown, total);
  const items = page?.items ?? NO_ITEMS;
  const now = useNow();
  const openDialog = useCallback(
    (kind: 'details' | 'history', chairId: string) => setDialog({ kind, chairId }),
    [],
  );
  const renderCard = useCallback(
    (item: EquipmentItem) => <EquipmentCard item={item} now={now} onOpen={openDialog} />,
    [now, openDialog],
  );
  if (!term.trim()) {
    return (
      <ListEmptyState
        title="Search for equipment"
        description="Type a serial number, model (S30 or U500), owner name, practice name or owner email to see matching chairs."
      />
    );
  }
  if (matches === undefined || (page === undefined && matches.length > 0)) {
    return <LoadingState label="Searching…" />;
  }
  if (matches.length === 0) {
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
        {`${countOf(page?.total ?? 0, 'chair')} found`}
      </Text>
      <ListRows
        rows={items}
        label="Chairs"
        itemKey={chairKey}
        itemLabel={equipmentCardLabel}
        renderItem={renderCard}
        columns={RESULT_COLUMNS}
      />
      <ShowMoreButton shown={items.length} total={page?.total ?? 0} onMore={more} />
      {open && dialog?.kind === 'details' ? (
        <EquipmentDetailsDialog item={open} now={now} open onClose={() => setDialog(null)} />
      ) : null}
      {open && dialog?.kind === 'history' ? (
        <ServiceHistoryDialog chair={open.chair} now={now} open onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
});

export function EquipmentScreen() {
  const [term, setTerm] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // The box shows every key at once; the results follow once that key is painted.
  const searched = useAfterPaint(term);
  const index = useEquipmentIndex();
  // A keystroke searches the index in memory (built once per change of the chairs or owners).
  const matches = useMemo(
    () => (index ? searchEquipmentIndex(index, searched) : undefined),
    [index, searched],
  );
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
          inputRef={field}
          // A label read fills the box as if its serial were typed.
          action={<ScanLabelButton field={field} onScan={setTerm} />}
        />
      </Box>
      <Results term={searched} matches={matches} />
    </Box>
  );
}
