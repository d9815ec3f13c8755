/**
 * Chairs (SPEC §2 Admin routes): the inventory with search and a status filter, four summary
 * counters, Add to Inventory with the model's configuration options, View Configuration, and
 * the owner of a REGISTERED chair reassigned to any customer or 'Unassigned'. Serial labels
 * (issue 32): Print Label on a chair, or tick chairs and print their labels as one sheet.
 */
import {
  Button,
  Card,
  Checkbox,
  Flex,
  HStack,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LuArmchair, LuFileUp, LuPlus } from 'react-icons/lu';
import type { CsvExport } from '../../../components/export-csv-button';
import { FilterSelect } from '../../../components/filter-select';
import { LabelSheetButton } from '../../../components/label-sheet-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchableList } from '../../../components/searchable-list';
import { StatCard } from '../../../components/stat-card';
import { ChairStatusBadge } from '../../../components/status-badges';
import {
  useAdminChairs,
  useChairCounters,
  useCustomers,
  type AdminChair,
} from '../../../data/queries/admin';
import { useAction } from '../../../data/use-action';
import { chairAssignedMessage, chairSearchFields } from '../../../domain/admin-chairs';
import { CHAIR_IMPORT_COLUMNS } from '../../../domain/chair-import';
import { isoDay } from '../../../domain/csv-cells';
import type { Chair, ChairStatus, User } from '../../../domain/entities';
import { chairLabel, type ChairLabel } from '../../../domain/serial-label';
import { formatDate } from '../../../domain/format';
import { CHAIR_STATUS_LABELS, chairModelName, customerLabel } from '../../../domain/labels';
import { passesFilter } from '../../../domain/vendor';
import { AddChairDialog } from './add-chair-dialog';
import { ConfigurationDialog } from './configuration-dialog';
import { ImportChairsDialog } from './import-chairs-dialog';

export function ChairsScreen() {
  const data = useAdminChairs();
  const customers = useCustomers();
  const counters = useChairCounters();
  const [status, setStatus] = useState<ChairStatus | 'ALL'>('ALL');
  const location = useLocation();
  // The overview's 'Add Chair to Inventory' opens the dialog on arrival.
  const [adding, setAdding] = useState(
    (location.state as { addChair?: boolean } | null)?.addChair === true,
  );
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<Chair | null>(null);
  // The chairs ticked for a label sheet, by id, in the order they were ticked.
  const [selected, setSelected] = useState<ReadonlyMap<string, ChairLabel>>(new Map());
  const toggle = useCallback((chair: Chair, on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(chair.id, chairLabel(chair));
      else next.delete(chair.id);
      return next;
    });
  }, []);
  const selection = useMemo(() => [...selected.values()], [selected]);
  const chairs = data?.rows;
  const serials = useMemo(
    () => new Set((chairs ?? []).map((c) => c.chair.serialNumber.toLowerCase())),
    [chairs],
  );
  const filter = useCallback(
    ({ chair }: AdminChair) => passesFilter(chair.status, status),
    [status],
  );
  const renderChair = useCallback(
    (item: AdminChair) => (
      <ChairCard
        item={item}
        customers={customers ?? []}
        onView={() => setViewing(item.chair)}
        selected={selected.has(item.chair.id)}
        onSelect={toggle}
      />
    ),
    [customers, selected, toggle],
  );

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Chairs"
        intro="Chair inventory, configurations and owners."
        actions={
          <HStack gap="3" wrap="wrap">
            {/* The import checks serials against the whole inventory: once it is all read. */}
            <Button variant="outline" disabled={!data?.complete} onClick={() => setImporting(true)}>
              <LuFileUp aria-hidden /> Import CSV
            </Button>
            <Button colorPalette="brand" onClick={() => setAdding(true)}>
              <LuPlus aria-hidden /> Add to Inventory
            </Button>
          </HStack>
        }
      />
      {counters === undefined ? null : (
        <SimpleGrid as="section" aria-label="Summary" columns={{ base: 2, lg: 4 }} gap="4">
          <StatCard label="Total Chairs" value={counters.total} />
          <StatCard label="In Stock" value={counters.inStock} />
          <StatCard label="Delivered" value={counters.delivered} />
          <StatCard label="Registered" value={counters.registered} />
        </SimpleGrid>
      )}
      {selection.length > 0 ? (
        <Wrap
          as="section"
          aria-label="Selected chairs"
          gap="3"
          align="center"
          p="3"
          borderWidth="1px"
          borderRadius="lg"
          bg="brand.subtle"
        >
          <Text fontWeight="medium">
            {selection.length === 1 ? '1 chair selected' : `${selection.length} chairs selected`}
          </Text>
          <LabelSheetButton
            labels={selection}
            label={selection.length === 1 ? 'Print Label' : `Print ${selection.length} Labels`}
            variant="solid"
            colorPalette="brand"
          />
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        </Wrap>
      ) : null}
      <SearchableList
        items={chairs}
        complete={data?.complete}
        loadingLabel="Loading chairs…"
        searchLabel="Search chairs"
        searchPlaceholder="Search by serial number, model or owner..."
        searchFields={chairFields}
        filter={filter}
        controls={
          <FilterSelect
            label="Filter by status"
            allLabel="All statuses"
            value={status}
            options={CHAIR_STATUS_LABELS}
            onChange={setStatus}
          />
        }
        listLabel="Chairs"
        csv={chairsCsv}
        itemKey={chairKey}
        renderItem={renderChair}
        empty={{
          icon: <LuArmchair />,
          title: 'No chairs found',
          noMatch: 'No chair matches your search or filter.',
          none: 'Chairs added to the inventory will appear here.',
        }}
      />
      <AddChairDialog open={adding} onClose={() => setAdding(false)} existingSerials={serials} />
      <ImportChairsDialog
        open={importing}
        onClose={() => setImporting(false)}
        existingSerials={serials}
      />
      <ConfigurationDialog chair={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}

const chairKey = (item: AdminChair) => item.chair.id;

/**
 * The export: the import's columns first (an exported list imports again: its serials are then
 * refused as existing), then the status, owner and dates as the list shows them.
 */
const chairsCsv: CsvExport<AdminChair> = {
  name: 'chairs',
  columns: [
    ...CHAIR_IMPORT_COLUMNS.map(({ header, field }) => ({
      header,
      value: ({ chair }: AdminChair) =>
        field === 'serialNumber'
          ? chair.serialNumber
          : field === 'model'
            ? chairModelName(chair)
            : (chair.configuration?.[field] ?? ''),
    })),
    { header: 'Status', value: ({ chair }) => CHAIR_STATUS_LABELS[chair.status] },
    { header: 'Owner', value: ({ owner }) => (owner ? customerLabel(owner) : '') },
    { header: 'Delivery Date', value: ({ chair }) => isoDay(chair.deliveryDate) },
    { header: 'Added', value: ({ chair }) => isoDay(chair.createdAt) },
  ],
};
const chairFields = ({ chair, owner }: AdminChair) => chairSearchFields(chair, owner);

function ChairCard({
  item,
  customers,
  onView,
  selected,
  onSelect,
}: {
  item: AdminChair;
  customers: readonly User[];
  onView: () => void;
  selected: boolean;
  onSelect: (chair: Chair, selected: boolean) => void;
}) {
  const { chair, owner } = item;
  const { run, busy } = useAction();

  const reassign = (ownerUserId: string) => {
    const next = customers.find((c) => c.id === ownerUserId) ?? null;
    void run(
      'chair.assignOwner',
      { chairId: chair.id, ownerUserId: next?.id ?? null },
      { success: { title: chairAssignedMessage(next) }, failure: 'Failed to assign chair' },
    );
  };

  return (
    <Card.Root as="article" aria-label={chair.serialNumber} size="sm" variant="outline">
      <Card.Body>
        <Flex
          gap="3"
          justify="space-between"
          align={{ md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
        >
          <HStack gap="3" align="start" minW="0">
            <Checkbox.Root
              checked={selected}
              onCheckedChange={(details) => onSelect(chair, details.checked === true)}
              colorPalette="brand"
              size="lg"
              mt="1"
            >
              <Checkbox.HiddenInput aria-label={`Select ${chair.serialNumber} for labels`} />
              <Checkbox.Control />
            </Checkbox.Root>
            <Stack gap="1" minW="0">
              <Wrap gap="2" align="center">
                <Text as="h3" fontWeight="semibold" fontSize="lg">
                  {chair.serialNumber}
                </Text>
                <ChairStatusBadge status={chair.status} />
              </Wrap>
              <Wrap columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
                <Text>{chairModelName(chair)}</Text>
                <Text>Owner: {owner ? customerLabel(owner) : 'No owner assigned'}</Text>
                {chair.deliveryDate ? (
                  <Text>Delivered {formatDate(chair.deliveryDate)}</Text>
                ) : null}
                <Text>Added {formatDate(chair.createdAt)}</Text>
              </Wrap>
            </Stack>
          </HStack>
          <HStack gap="2" flexShrink={0}>
            {chair.status === 'REGISTERED' ? (
              <HStack gap="2">
                <Text fontSize="sm" color="fg.muted" aria-hidden>
                  Reassign to
                </Text>
                <OwnerSelect
                  chair={chair}
                  owner={owner}
                  customers={customers}
                  onChange={reassign}
                  disabled={busy}
                />
              </HStack>
            ) : null}
            <Button size="sm" variant="outline" onClick={onView}>
              View Configuration
            </Button>
            <LabelSheetButton
              labels={[chairLabel(chair)]}
              label="Print Label"
              name={`Print label for ${chair.serialNumber}`}
            />
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The owner of a REGISTERED chair: 'Unassigned' or any customer. A page of chairs with 2k
 * customers each would render tens of thousands of options, so the list of customers is
 * rendered when the select is first focused or pressed; until then it holds the current owner.
 */
function OwnerSelect({
  chair,
  owner,
  customers,
  onChange,
  disabled,
}: {
  chair: Chair;
  owner: User | null;
  customers: readonly User[];
  onChange: (ownerUserId: string) => void;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const current = chair.ownerUserId;
  const listed = open && current !== null && customers.some((c) => c.id === current);
  return (
    <NativeSelect.Root size="sm" width="56" disabled={disabled}>
      <NativeSelect.Field
        aria-label={`Owner of ${chair.serialNumber}`}
        value={current ?? ''}
        onFocus={() => setOpen(true)}
        onPointerDown={() => setOpen(true)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Unassigned</option>
        {current && !listed ? <option value={current}>{customerLabel(owner)}</option> : null}
        {open
          ? customers.map((customer) => (
              <option key={customer.id} value={customer.id}>
                {customerLabel(customer)}
              </option>
            ))
          : null}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
