/**
 * Ticket Assignment (SPEC §2 Vendor routes): every ticket, searchable by title, description,
 * customer name or chair serial, filtered by status and priority; counters of unassigned and
 * high-priority tickets; a per-ticket engineer dropdown that assigns or reassigns
 * ('Ticket assigned to {name}'). Works offline like every write.
 */
import { Card, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { LuTicket } from 'react-icons/lu';
import type { CsvExport } from '../../components/export-csv-button';
import { FilterSelect } from '../../components/filter-select';
import { ScreenHeading } from '../../components/screen-heading';
import { SearchableList } from '../../components/searchable-list';
import { StatCard } from '../../components/stat-card';
import { TicketPriorityBadge, TicketStatusBadge } from '../../components/status-badges';
import {
  useEngineers,
  useTicketCounters,
  useVendorTickets,
  type VendorTicket,
} from '../../data/queries/vendor';
import { useAction } from '../../data/use-action';
import type { User } from '../../domain/entities';
import { isoDay } from '../../domain/csv-cells';
import { displayId, formatDate } from '../../domain/format';
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  customerLabel,
  ticketChairLabel,
} from '../../domain/labels';
import type { TicketPriority, TicketStatus } from '../../domain/schemas/common';
import { assignTicketRefusal } from '../../domain/tickets';
import { engineerLabel, passesFilter } from '../../domain/vendor';
import { EngineerSelect } from './engineer-select';

/** Title, description, customer name and chair serial. */
function ticketFields({ ticket, customer, chair }: VendorTicket) {
  return [ticket.title, ticket.description, customer?.name, chair?.serialNumber];
}

const ticketKey = (item: VendorTicket) => item.ticket.id;

/** The export, the assigned engineer named from the team. */
function ticketsCsv(engineers: readonly User[]): CsvExport<VendorTicket> {
  const byId = new Map(engineers.map((engineer) => [engineer.id, engineer]));
  return {
    name: 'ticket-assignment',
    columns: [
      { header: 'Ticket', value: ({ ticket }) => displayId(ticket.id) },
      { header: 'Title', value: ({ ticket }) => ticket.title },
      { header: 'Description', value: ({ ticket }) => ticket.description },
      { header: 'Status', value: ({ ticket }) => TICKET_STATUS_LABELS[ticket.status] },
      { header: 'Priority', value: ({ ticket }) => TICKET_PRIORITY_LABELS[ticket.priority] },
      { header: 'Customer', value: ({ customer }) => customerLabel(customer) },
      { header: 'Chair', value: ({ ticket, chair }) => ticketChairLabel(ticket.chairId, chair) },
      {
        header: 'Engineer',
        value: ({ ticket }) =>
          ticket.engineerUserId ? engineerLabel(byId.get(ticket.engineerUserId)) : 'Unassigned',
      },
      { header: 'Created', value: ({ ticket }) => isoDay(ticket.createdAt) },
    ],
  };
}

export function TicketAssignmentScreen() {
  const tickets = useVendorTickets();
  const engineers = useEngineers();
  const counters = useTicketCounters();
  const [status, setStatus] = useState<TicketStatus | 'ALL'>('ALL');
  const [priority, setPriority] = useState<TicketPriority | 'ALL'>('ALL');

  const filter = useCallback(
    ({ ticket }: VendorTicket) =>
      passesFilter(ticket.status, status) && passesFilter(ticket.priority, priority),
    [status, priority],
  );
  const csv = useMemo(() => ticketsCsv(engineers ?? []), [engineers]);
  const renderTicket = useCallback(
    (item: VendorTicket) => <TicketAssignmentCard item={item} engineers={engineers ?? []} />,
    [engineers],
  );

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Ticket Assignment"
        intro="Assign and reassign support tickets to field engineers."
      />
      {counters === undefined ? null : (
        <SimpleGrid as="section" aria-label="Summary" columns={2} maxW="3xl" gap="4">
          <StatCard label="Unassigned Tickets" value={counters.unassigned} />
          <StatCard
            label="High Priority"
            value={counters.highPriority}
            help="High or urgent, not closed"
          />
        </SimpleGrid>
      )}
      <SearchableList
        items={engineers && tickets?.rows}
        complete={tickets?.complete}
        loadingLabel="Loading tickets…"
        searchLabel="Search tickets"
        searchPlaceholder="Search by title, description, customer or chair serial..."
        searchFields={ticketFields}
        filter={filter}
        controls={
          <>
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
          </>
        }
        listLabel="Tickets"
        csv={csv}
        itemKey={ticketKey}
        renderItem={renderTicket}
        empty={{
          icon: <LuTicket />,
          title: 'No tickets found',
          noMatch: 'No ticket matches your search or filters.',
          none: 'Support tickets will appear here when customers raise them.',
        }}
      />
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
  // A resolved or closed ticket keeps its engineer: nothing to choose (the server refuses too).
  const finished = assignTicketRefusal(ticket);

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
          <Stack flexShrink={0} gap="1">
            <EngineerSelect
              label={`Assign engineer to ${ticket.title}`}
              engineers={engineers}
              value={ticket.engineerUserId}
              onAssign={assign}
              disabled={busy || finished !== null}
            />
            {finished ? (
              <Text fontSize="sm" color="fg.muted">
                {finished}
              </Text>
            ) : null}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
