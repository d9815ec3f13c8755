/**
 * Support Tickets (SPEC §2 Engineer routes): the tickets assigned to the engineer or unassigned,
 * searchable by title, description, customer name and chair serial, newest first in pages of 50
 * ('Show more'). A card opens the ticket page; unassigned tickets offer 'Take Ticket', which works
 * offline like every write.
 */
import { Button, Card, HStack, LinkBox, LinkOverlay, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTicket } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ListEmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { SearchField } from '../../components/search-field';
import { PAGE_SIZE, ShowMoreButton } from '../../components/show-more';
import { TicketPriorityBadge, TicketStatusBadge } from '../../components/status-badges';
import { useEngineerTicketPage, type TicketListItem } from '../../data/queries/tickets';
import { useCurrentUser } from '../../data/session-context';
import { useAction } from '../../data/use-action';
import { displayId, formatDate } from '../../domain/format';
import { customerLabel, ticketChairLabel } from '../../domain/labels';
import { engineerPaths } from '../../domain/paths';

export function TicketsScreen() {
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  // Pages shown, for the search they were shown for: a new search starts at the first page.
  const [pages, setPages] = useState({ search, count: 1 });
  const count = pages.search === search ? pages.count : 1;
  const page = useEngineerTicketPage(user.id, search, count * PAGE_SIZE);

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Support Tickets"
        intro="Tickets assigned to you and unassigned tickets waiting for an engineer."
      />
      <SearchField
        label="Search tickets"
        value={search}
        onChange={setSearch}
        placeholder="Title, description, customer or chair serial"
      />
      {page === undefined ? (
        <LoadingState label="Loading tickets…" />
      ) : page.total === 0 ? (
        <ListEmptyState
          icon={<LuTicket />}
          title="No tickets found"
          description={
            search.trim()
              ? 'No ticket matches your search.'
              : 'New and assigned tickets will appear here.'
          }
        />
      ) : (
        <Stack gap="3">
          <Stack as="ul" gap="3" aria-label="Tickets" listStyleType="none">
            {page.items.map((item) => (
              <li key={item.ticket.id}>
                <TicketCard item={item} mine={item.ticket.engineerUserId === user.id} />
              </li>
            ))}
          </Stack>
          <ShowMoreButton
            shown={page.items.length}
            total={page.total}
            onMore={() => setPages({ search, count: count + 1 })}
          />
        </Stack>
      )}
    </Stack>
  );
}

function TicketCard({ item, mine }: { item: TicketListItem; mine: boolean }) {
  const { ticket } = item;
  const { run, busy } = useAction();
  const chair = ticketChairLabel(ticket.chairId, item.chair);

  const take = () =>
    run(
      'ticket.take',
      { ticketId: ticket.id },
      { success: { title: 'Ticket assigned to you and marked as in progress' } },
    );

  return (
    <LinkBox as="article" _hover={{ '& > div': { borderColor: 'brand.solid' } }}>
      <Card.Root size="sm" variant="outline">
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
              <LinkOverlay asChild>
                <RouterLink to={engineerPaths.ticket(ticket.id)}>
                  <Text as="span" fontWeight="semibold" fontSize="lg">
                    {ticket.title}
                  </Text>
                </RouterLink>
              </LinkOverlay>
              <Wrap columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
                <Text>Customer: {customerLabel({ name: item.customerName })}</Text>
                {chair ? <Text>Chair: {chair}</Text> : null}
                <Text>Created {formatDate(ticket.createdAt)}</Text>
              </Wrap>
            </Stack>
            <HStack flexShrink={0} align="center">
              {ticket.engineerUserId ? (
                mine ? (
                  <Text fontSize="sm" color="fg.muted">
                    Assigned to you
                  </Text>
                ) : null
              ) : (
                <Button
                  colorPalette="brand"
                  position="relative"
                  zIndex="1"
                  loading={busy}
                  onClick={() => void take()}
                >
                  Take Ticket
                </Button>
              )}
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
