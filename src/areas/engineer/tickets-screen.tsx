/**
 * Support Tickets (SPEC §2 Engineer routes): the tickets assigned to the engineer or unassigned,
 * searchable by title, description, customer name and chair serial. A card opens the ticket page;
 * unassigned tickets offer 'Take Ticket', which works offline like every write.
 */
import {
  Button,
  Card,
  Field,
  HStack,
  Input,
  LinkBox,
  LinkOverlay,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuSearch, LuTicket } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { engineerPaths } from '../../app/paths';
import { ListEmptyState } from '../../components/empty-state';
import { ScreenHeading } from '../../components/screen-heading';
import { TicketPriorityBadge } from '../../components/ticket-priority-badge';
import { TicketStatusBadge } from '../../components/ticket-status-badge';
import { useEngineerTickets, type TicketListItem } from '../../data/queries/tickets';
import { useCurrentUser } from '../../data/session-context';
import { displayId, formatDate } from '../../domain/format';
import { LoadingState } from './ticket-detail/loading-state';
import { chairLabel, customerLabel, matchesTicketSearch } from './ticket-detail/ticket-labels';
import { useTicketAction } from './ticket-detail/use-ticket-action';

export function TicketsScreen() {
  const user = useCurrentUser();
  const items = useEngineerTickets(user.id);
  const [search, setSearch] = useState('');
  const shown = items?.filter((item) => matchesTicketSearch(item, search));

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Support Tickets"
        intro="Tickets assigned to you and unassigned tickets waiting for an engineer."
      />
      <Field.Root maxW="xl">
        <Field.Label>Search tickets</Field.Label>
        <HStack w="full" gap="2">
          <LuSearch aria-hidden />
          <Input
            type="search"
            size="lg"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Title, description, customer or chair serial"
          />
        </HStack>
      </Field.Root>
      {shown === undefined ? (
        <LoadingState label="Loading tickets…" />
      ) : shown.length === 0 ? (
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
        <Stack as="ul" gap="3" aria-label="Tickets" listStyleType="none">
          {shown.map((item) => (
            <li key={item.ticket.id}>
              <TicketCard item={item} mine={item.ticket.engineerUserId === user.id} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TicketCard({ item, mine }: { item: TicketListItem; mine: boolean }) {
  const { ticket } = item;
  const run = useTicketAction();
  const [taking, setTaking] = useState(false);
  const chair = chairLabel(ticket.chairId, item.chair);

  const take = async () => {
    setTaking(true);
    await run(
      'ticket.take',
      { ticketId: ticket.id },
      { title: 'Ticket assigned to you and marked as in progress' },
    );
    setTaking(false);
  };

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
                <Text>Customer: {customerLabel(item.customerName)}</Text>
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
                  loading={taking}
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
