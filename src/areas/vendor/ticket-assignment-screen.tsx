/**
 * Ticket Assignment (SPEC §2 Vendor routes): every ticket, searchable by title, description,
 * customer name or chair serial, filtered by status and priority; counters of unassigned and
 * high-priority tickets; a per-ticket engineer dropdown that assigns or reassigns
 * ('Ticket assigned to {name}'). Works offline like every write.
 */
import { Card, Flex, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { LuTicket } from 'react-icons/lu';
import { ListEmptyState } from '../../components/empty-state';
import { FilterSelect } from '../../components/filter-select';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { SearchField } from '../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../components/show-more';
import { StatCard } from '../../components/stat-card';
import { TicketPriorityBadge, TicketStatusBadge } from '../../components/status-badges';
import { useVendorWorkspace, type VendorTicket } from '../../data/queries/vendor';
import { useAction } from '../../data/use-action';
import type { User } from '../../domain/entities';
import { displayId, formatDate } from '../../domain/format';
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  customerLabel,
  ticketChairLabel,
} from '../../domain/labels';
import type { TicketPriority, TicketStatus } from '../../domain/schemas/common';
import {
  engineerLabel,
  matchesSearchText,
  passesFilter,
  searchText,
  ticketCounters,
} from '../../domain/vendor';
import { EngineerSelect } from './engineer-select';

/** Title, description, customer name and chair serial, as one text to search. */
function ticketText({ ticket, customer, chair }: VendorTicket): string {
  return searchText([ticket.title, ticket.description, customer?.name, chair?.serialNumber]);
}

export function TicketAssignmentScreen() {
  const workspace = useVendorWorkspace();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TicketStatus | 'ALL'>('ALL');
  const [priority, setPriority] = useState<TicketPriority | 'ALL'>('ALL');
  const deferredSearch = useDeferredValue(search);

  const tickets = workspace?.tickets;
  const counters = useMemo(() => ticketCounters((tickets ?? []).map((t) => t.ticket)), [tickets]);
  // Searchable text once per list, not per keystroke (50k tickets).
  const texts = useMemo(() => (tickets ?? []).map(ticketText), [tickets]);
  const filtered = useMemo(
    () =>
      (tickets ?? []).filter(
        (item, i) =>
          passesFilter(item.ticket.status, status) &&
          passesFilter(item.ticket.priority, priority) &&
          matchesSearchText(texts[i] ?? '', deferredSearch),
      ),
    [tickets, texts, status, priority, deferredSearch],
  );
  const page = useShowMore(filtered);

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Ticket Assignment"
        intro="Assign and reassign support tickets to field engineers."
      />
      {workspace === undefined ? (
        <LoadingState label="Loading tickets…" />
      ) : (
        <>
          <SimpleGrid as="section" aria-label="Summary" columns={{ base: 2, lg: 4 }} gap="4">
            <StatCard label="Unassigned Tickets" value={counters.unassigned} />
            <StatCard
              label="High Priority"
              value={counters.highPriority}
              help="High or urgent, not closed"
            />
          </SimpleGrid>
          <Flex gap="3" wrap="wrap">
            <SearchField
              label="Search tickets"
              value={search}
              onChange={setSearch}
              placeholder="Search by title, description, customer or chair serial..."
            />
            <FilterSelect
              label="Filter by status"
              allLabel="All statuses"
              value={status}
              options={TICKET_STATUS_LABELS}
              onChange={setStatus}
            />
            <FilterSelect
              label="Filter by priority"
              allLabel="All priorities"
              value={priority}
              options={TICKET_PRIORITY_LABELS}
              onChange={setPriority}
            />
          </Flex>
          {filtered.length === 0 ? (
            <ListEmptyState
              icon={<LuTicket />}
              title="No tickets found"
              description={
                tickets?.length
                  ? 'No ticket matches your search or filters.'
                  : 'Support tickets will appear here when customers raise them.'
              }
            />
          ) : (
            <Stack as="ul" gap="3" aria-label="Tickets" listStyleType="none">
              {page.shown.map((item) => (
                <li key={item.ticket.id}>
                  <TicketAssignmentCard item={item} engineers={workspace.engineers} />
                </li>
              ))}
            </Stack>
          )}
          <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
        </>
      )}
    </Stack>
  );
}

function TicketAssignmentCard({
  item,
  engineers,
}: {
  item: VendorTicket;
  engineers: readonly User[];
}) {
  const { ticket, customer, chair } = item;
  const { run, busy } = useAction();
  const chairText = ticketChairLabel(ticket.chairId, chair);

  const assign = (engineer: User) =>
    void run(
      'ticket.assign',
      { ticketId: ticket.id, engineerUserId: engineer.id },
      {
        success: { title: `Ticket assigned to ${engineerLabel(engineer)}` },
        failure: 'Failed to assign ticket',
      },
    );

  return (
    <Card.Root as="article" aria-label={ticket.title} size="sm" variant="outline">
      <Card.Body>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between">
          <Stack gap="2" minW="0">
            <Wrap gap="2" align="center">
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
              <Text fontSize="sm" color="fg.muted">
                #{displayId(ticket.id)}
              </Text>
            </Wrap>
            <Text as="h3" fontWeight="semibold" fontSize="lg">
              {ticket.title}
            </Text>
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
              {ticket.description}
            </Text>
            <Wrap columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
              <Text>Customer: {customerLabel(customer)}</Text>
              {chairText ? <Text>Chair: {chairText}</Text> : null}
              <Text>Created {formatDate(ticket.createdAt)}</Text>
            </Wrap>
          </Stack>
          <HStack flexShrink={0} align="center">
            <EngineerSelect
              label={`Assign engineer to ${ticket.title}`}
              engineers={engineers}
              value={ticket.engineerUserId}
              onAssign={assign}
              disabled={busy}
            />
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
