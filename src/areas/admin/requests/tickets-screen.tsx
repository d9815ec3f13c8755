/**
 * Support Tickets (SPEC §2 Admin routes): every ticket, read-only, searchable by title,
 * description, customer, engineer or chair serial.
 */
import { Card, Stack, Text, Wrap } from '@chakra-ui/react';
import { LuTicket } from 'react-icons/lu';
import type { CsvExport } from '../../../components/export-csv-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchableList } from '../../../components/searchable-list';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../components/status-badges';
import { useAdminTickets, type AdminTicket } from '../../../data/queries/admin';
import { isoDay } from '../../../domain/csv-cells';
import { displayId, formatDate } from '../../../domain/format';
import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  customerLabel,
  ticketChairLabel,
} from '../../../domain/labels';
import { engineerLabel } from '../../../domain/vendor';
import { ListReportButton } from '../report-button';

function ticketFields({ ticket, customer, engineer, chair }: AdminTicket) {
  return [ticket.title, ticket.description, customer?.name, engineer?.name, chair?.serialNumber];
}

const ticketKey = (item: AdminTicket) => item.ticket.id;

const ticketsCsv: CsvExport<AdminTicket> = {
  name: 'support-tickets',
  columns: [
    { header: 'Ticket', value: ({ ticket }) => displayId(ticket.id) },
    { header: 'Title', value: ({ ticket }) => ticket.title },
    { header: 'Description', value: ({ ticket }) => ticket.description },
    { header: 'Status', value: ({ ticket }) => TICKET_STATUS_LABELS[ticket.status] },
    { header: 'Priority', value: ({ ticket }) => TICKET_PRIORITY_LABELS[ticket.priority] },
    { header: 'Customer', value: ({ customer }) => customerLabel(customer) },
    {
      header: 'Engineer',
      value: ({ ticket, engineer }) =>
        ticket.engineerUserId ? engineerLabel(engineer) : 'Unassigned',
    },
    { header: 'Chair', value: ({ ticket, chair }) => ticketChairLabel(ticket.chairId, chair) },
    { header: 'Created', value: ({ ticket }) => isoDay(ticket.createdAt) },
    { header: 'Updated', value: ({ ticket }) => isoDay(ticket.updatedAt) },
    { header: 'Resolution', value: ({ ticket }) => ticket.resolution },
  ],
};

export function TicketsScreen() {
  const tickets = useAdminTickets();
  return (
    <Stack gap="5">
      <ScreenHeading title="Support Tickets" intro="Every support ticket, read-only." />
      <SearchableList
        items={tickets?.rows}
        complete={tickets?.complete}
        loadingLabel="Loading tickets…"
        searchLabel="Search tickets"
        searchPlaceholder="Search by title, description, customer, engineer or chair..."
        searchFields={ticketFields}
        listLabel="Tickets"
        csv={ticketsCsv}
        itemKey={ticketKey}
        renderItem={renderTicket}
        empty={{
          icon: <LuTicket />,
          title: 'No tickets found',
          noMatch: 'No ticket matches your search.',
          none: 'Support tickets will appear here when customers raise them.',
        }}
      />
    </Stack>
  );
}

function renderTicket({ ticket, customer, engineer, chair }: AdminTicket) {
  const chairText = ticketChairLabel(ticket.chairId, chair);
  return (
    <Card.Root as="article" aria-label={ticket.title} size="sm" variant="outline">
      <Card.Body gap="2">
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
        <Text fontSize="sm" lineClamp={2}>
          {ticket.description}
        </Text>
        <Wrap columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
          <Text>Customer: {customerLabel(customer)}</Text>
          <Text>Engineer: {ticket.engineerUserId ? engineerLabel(engineer) : 'Unassigned'}</Text>
          {chairText ? <Text>Chair: {chairText}</Text> : null}
          <Text>Created {formatDate(ticket.createdAt)}</Text>
          <Text>Updated {formatDate(ticket.updatedAt)}</Text>
        </Wrap>
        {ticket.resolution ? <Text fontSize="sm">Resolution: {ticket.resolution}</Text> : null}
        {ticket.status === 'RESOLVED' || ticket.status === 'CLOSED' ? (
          <ListReportButton source={{ ticketId: ticket.id }} />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
