/**
 * Engineer Overview (SPEC §2 Engineer routes): four counters and the first five open and
 * in-progress tickets, each linking to its ticket page. 'My Tickets' counts the tickets assigned
 * to the engineer; the other counters cover every ticket the engineer can see (theirs and the
 * unassigned ones), as their captions say. All from the assignee index (useEngineerOverview):
 * another engineer's tickets in the mirror are never read.
 */
import { Card, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { StatCard } from '../../components/stat-card';
import { TicketPriorityBadge } from '../../components/status-badges';
import {
  useEngineerOverview,
  type EngineerOverview,
  type TicketListItem,
} from '../../data/queries/tickets';
import { useCurrentUser } from '../../data/session-context';
import { formatDate } from '../../domain/format';
import { customerLabel } from '../../domain/labels';
import { engineerPaths } from '../../domain/paths';

/** Engineer ticket lists show 5 (SPEC §9). */
const LIST_SIZE = 5;

export function OverviewScreen() {
  const user = useCurrentUser();
  const overview = useEngineerOverview(user.id, LIST_SIZE);
  const firstName = user.name.split(' ')[0] ?? user.name;

  return (
    <Stack gap="6">
      <ScreenHeading
        title="Overview"
        intro={`Welcome back, ${firstName}. Here is the work waiting for you.`}
      />
      {overview === undefined ? (
        <LoadingState label="Loading tickets…" />
      ) : (
        <OverviewContent overview={overview} />
      )}
    </Stack>
  );
}

function OverviewContent({ overview }: { overview: EngineerOverview }) {
  return (
    <Stack gap="6">
      <SimpleGrid as="section" aria-label="Ticket summary" columns={{ base: 2, lg: 4 }} gap="4">
        <StatCard label="My Tickets" value={overview.mine} help="Assigned to you" />
        <StatCard label="Open" value={overview.open} help="Yours and unassigned" />
        <StatCard label="In Progress" value={overview.inProgress} help="Yours and unassigned" />
        <StatCard
          label="High Priority"
          value={overview.highPriority}
          help="High or urgent, not closed"
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <TicketListCard
          title="Open Tickets"
          items={overview.openFirst}
          empty="No open tickets found"
        />
        <TicketListCard
          title="In Progress"
          items={overview.inProgressFirst}
          empty="No tickets in progress found"
        />
      </SimpleGrid>
    </Stack>
  );
}

function TicketListCard({
  title,
  items,
  empty,
}: {
  title: string;
  items: TicketListItem[];
  empty: string;
}) {
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        {items.length === 0 ? (
          <Text color="fg.muted">{empty}</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" aria-label={title}>
            {items.map(({ ticket, customerName }) => (
              <li key={ticket.id}>
                <Link
                  asChild
                  display="flex"
                  minH="44px"
                  px="2"
                  py="2"
                  rounded="md"
                  _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                >
                  <RouterLink to={engineerPaths.ticket(ticket.id)}>
                    <Stack gap="1" w="full">
                      <Text fontWeight="medium" lineClamp={2}>
                        {ticket.title}
                      </Text>
                      <HStack gap="2" wrap="wrap">
                        <TicketPriorityBadge priority={ticket.priority} />
                        <Text fontSize="sm" color="fg.muted">
                          {customerLabel({ name: customerName })} · {formatDate(ticket.createdAt)}
                        </Text>
                      </HStack>
                    </Stack>
                  </RouterLink>
                </Link>
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
