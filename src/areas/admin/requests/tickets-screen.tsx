/**
 * Support Tickets (SPEC §2 Admin routes): every ticket, read-only, searchable by title,
 * description, customer, engineer or chair serial.
 */
import { Box, Card, Stack, Text, Wrap } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { LuTicket } from 'react-icons/lu';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchField } from '../../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../components/status-badges';
import { ServiceReportButton } from '../../../components/service-report-button';
import { useAdminTickets, type AdminTicket } from '../../../data/queries/admin';
import { useServiceReportLoader } from '../../../data/service-report';
import { displayId, formatDate } from '../../../domain/format';
import { customerLabel, ticketChairLabel } from '../../../domain/labels';
import { matchesSearch } from '../../../domain/search';
import { engineerLabel } from '../../../domain/vendor';

function matches({ ticket, customer, engineer, chair }: AdminTicket, search: string) {
  return matchesSearch(search, [
    ticket.title,
    ticket.description,
    customer?.name,
    engineer?.name,
    chair?.serialNumber,
  ]);
}

export function TicketsScreen() {
  const tickets = useAdminTickets();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const filtered = useMemo(
    () => (tickets ?? []).filter((t) => matches(t, deferred)),
    [tickets, deferred],
  );
  const page = useShowMore(filtered);
  const loadReport = useServiceReportLoader();
  return (
    <Stack gap="5">
      <ScreenHeading title="Support Tickets" intro="Every support ticket, read-only." />
      <SearchField
        label="Search tickets"
        value={search}
        onChange={setSearch}
        placeholder="Search by title, description, customer, engineer or chair..."
      />
      {tickets === undefined ? (
        <LoadingState label="Loading tickets…" />
      ) : filtered.length === 0 ? (
        <ListEmptyState
          icon={<LuTicket />}
          title="No tickets found"
          description="No ticket matches your search."
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Tickets">
          {page.shown.map(({ ticket, customer, engineer, chair }) => {
            const chairText = ticketChairLabel(ticket.chairId, chair);
            return (
              <li key={ticket.id}>
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
                      <Text>
                        Engineer: {ticket.engineerUserId ? engineerLabel(engineer) : 'Unassigned'}
                      </Text>
                      {chairText ? <Text>Chair: {chairText}</Text> : null}
                      <Text>Created {formatDate(ticket.createdAt)}</Text>
                      <Text>Updated {formatDate(ticket.updatedAt)}</Text>
                    </Wrap>
                    {ticket.resolution ? (
                      <Text fontSize="sm">Resolution: {ticket.resolution}</Text>
                    ) : null}
                    {ticket.status === 'RESOLVED' || ticket.status === 'CLOSED' ? (
                      <Box>
                        <ServiceReportButton
                          name={`Service Report #${displayId(ticket.id)}`}
                          load={() => loadReport({ ticketId: ticket.id })}
                        />
                      </Box>
                    ) : null}
                  </Card.Body>
                </Card.Root>
              </li>
            );
          })}
        </Stack>
      )}
      <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
    </Stack>
  );
}
