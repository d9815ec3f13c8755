/**
 * Chairs (SPEC §2 Admin routes): the inventory with search and a status filter, four summary
 * counters, Add to Inventory with the model's configuration options, View Configuration, and
 * the owner of a REGISTERED chair reassigned to any customer or 'Unassigned'.
 */
import {
  Button,
  Card,
  Flex,
  HStack,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LuArmchair, LuPlus } from 'react-icons/lu';
import { ListEmptyState } from '../../../components/empty-state';
import { FilterSelect } from '../../../components/filter-select';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchField } from '../../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { StatCard } from '../../../components/stat-card';
import { ChairStatusBadge } from '../../../components/status-badges';
import { useAdminChairs, type AdminChair } from '../../../data/queries/admin';
import { useAction } from '../../../data/use-action';
import { chairAssignedMessage, chairCounters, matchesChair } from '../../../domain/admin-chairs';
import type { Chair, ChairStatus, User } from '../../../domain/entities';
import { formatDate } from '../../../domain/format';
import { CHAIR_STATUS_LABELS, chairModelName, customerLabel } from '../../../domain/labels';
import { passesFilter } from '../../../domain/vendor';
import { AddChairDialog } from './add-chair-dialog';
import { ConfigurationDialog } from './configuration-dialog';

export function ChairsScreen() {
  const data = useAdminChairs();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ChairStatus | 'ALL'>('ALL');
  const location = useLocation();
  // The overview's 'Add Chair to Inventory' opens the dialog on arrival.
  const [adding, setAdding] = useState(
    (location.state as { addChair?: boolean } | null)?.addChair === true,
  );
  const [viewing, setViewing] = useState<Chair | null>(null);
  const deferred = useDeferredValue(search);
  const chairs = data?.chairs;
  const counters = useMemo(() => chairCounters((chairs ?? []).map((c) => c.chair)), [chairs]);
  const serials = useMemo(
    () => new Set((chairs ?? []).map((c) => c.chair.serialNumber.toLowerCase())),
    [chairs],
  );
  const filtered = useMemo(
    () =>
      (chairs ?? []).filter(
        ({ chair, owner }) =>
          passesFilter(chair.status, status) && matchesChair(chair, owner, deferred),
      ),
    [chairs, status, deferred],
  );
  const page = useShowMore(filtered);

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Chairs"
        intro="Chair inventory, configurations and owners."
        actions={
          <Button colorPalette="brand" onClick={() => setAdding(true)}>
            <LuPlus aria-hidden /> Add to Inventory
          </Button>
        }
      />
      {data === undefined ? (
        <LoadingState label="Loading chairs…" />
      ) : (
        <>
          <SimpleGrid as="section" aria-label="Summary" columns={{ base: 2, lg: 4 }} gap="4">
            <StatCard label="Total Chairs" value={counters.total} />
            <StatCard label="In Stock" value={counters.inStock} />
            <StatCard label="Delivered" value={counters.delivered} />
            <StatCard label="Registered" value={counters.registered} />
          </SimpleGrid>
          <Flex gap="3" wrap="wrap">
            <SearchField
              label="Search chairs"
              value={search}
              onChange={setSearch}
              placeholder="Search by serial number, model or owner..."
            />
            <FilterSelect
              label="Filter by status"
              allLabel="All statuses"
              value={status}
              options={CHAIR_STATUS_LABELS}
              onChange={setStatus}
            />
          </Flex>
          {filtered.length === 0 ? (
            <ListEmptyState
              icon={<LuArmchair />}
              title="No chairs found"
              description={
                chairs?.length
                  ? 'No chair matches your search or filter.'
                  : 'Chairs added to the inventory will appear here.'
              }
            />
          ) : (
            <Stack as="ul" gap="3" aria-label="Chairs" listStyleType="none">
              {page.shown.map((item) => (
                <li key={item.chair.id}>
                  <ChairCard
                    item={item}
                    customers={data.customers}
                    onView={() => setViewing(item.chair)}
                  />
                </li>
              ))}
            </Stack>
          )}
          <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
        </>
      )}
      <AddChairDialog open={adding} onClose={() => setAdding(false)} existingSerials={serials} />
      <ConfigurationDialog chair={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}

function ChairCard({
  item,
  customers,
  onView,
}: {
  item: AdminChair;
  customers: readonly User[];
  onView: () => void;
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
              {chair.deliveryDate ? <Text>Delivered {formatDate(chair.deliveryDate)}</Text> : null}
              <Text>Added {formatDate(chair.createdAt)}</Text>
            </Wrap>
          </Stack>
          <HStack gap="2" flexShrink={0}>
            {chair.status === 'REGISTERED' ? (
              <NativeSelect.Root size="sm" width="56" disabled={busy}>
                <NativeSelect.Field
                  aria-label={`Owner of ${chair.serialNumber}`}
                  value={chair.ownerUserId ?? ''}
                  onChange={(event) => reassign(event.target.value)}
                >
                  <option value="">Unassigned</option>
                  {chair.ownerUserId && !customers.some((c) => c.id === chair.ownerUserId) ? (
                    <option value={chair.ownerUserId}>{customerLabel(owner)}</option>
                  ) : null}
                  {customers.map((customer) => (
                    <option key={customer.id} value={customer.id}>
                      {customerLabel(customer)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            ) : null}
            <Button size="sm" variant="outline" onClick={onView}>
              View Configuration
            </Button>
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
