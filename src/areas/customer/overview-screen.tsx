/**
 * Customer Overview (SPEC §2): stat cards My Chairs, Confirmed Warranties, Test Sheets and Open
 * Tickets; quick actions; the My Equipment list; the 3 most recent tickets.
 */
import { Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuCalendarPlus, LuCirclePlus, LuLifeBuoy, LuPackage } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { StatCard } from '../../components/stat-card';
import {
  ServiceStatusBadge,
  TestSheetBadge,
  TicketPriorityBadge,
  TicketStatusBadge,
} from '../../components/status-badges';
import { useMyChairs, useMyTickets } from '../../data/queries/customer';
import { serviceDueSoonOrOverdue } from '../../domain/customer-chairs';
import type { Chair } from '../../domain/entities';
import { useCurrentUser } from '../../data/session-context';
import { formatDate } from '../../domain/format';
import { chairModelName } from '../../domain/labels';
import { customerPaths } from '../../domain/paths';
import { isTicketActive } from '../../domain/active-tickets';
import { isWarrantyConfirmed } from '../../domain/warranty';

/** Recent tickets show 3 (SPEC §9). */
const RECENT_TICKETS = 3;

/**
 * Chairs whose service is due within 30 days or overdue, each one tap from Book Service with the
 * chair chosen (the warranty of many chair makers depends on the yearly inspection).
 */
function ServiceDue({ chairs, now }: { chairs: Chair[]; now: Date }) {
  // Most urgent first: the longest overdue at the top.
  const due = chairs
    .filter((chair) => serviceDueSoonOrOverdue(chair, now))
    .sort((a, b) =>
      (a.service?.nextServiceDue ?? '').localeCompare(b.service?.nextServiceDue ?? ''),
    );
  if (due.length === 0) return null;
  return (
    <Card.Root size="sm" as="section" aria-label="Service Due" borderColor="orange.muted">
      <Card.Header>
        <Card.Title as="h2">Service Due</Card.Title>
        <Text fontSize="sm" color="fg.muted">
          Keep your warranty: book the yearly inspection.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Service Due" maxW="2xl">
          {due.map((chair) => (
            <Stack
              as="li"
              key={chair.id}
              direction={{ base: 'column', sm: 'row' }}
              justify="space-between"
              align={{ base: 'stretch', sm: 'center' }}
              gap="2"
            >
              <Stack gap="1">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="medium">{chair.serialNumber}</Text>
                  <ServiceStatusBadge nextServiceDue={chair.service?.nextServiceDue} now={now} />
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {chairModelName(chair)} · due {formatDate(chair.service?.nextServiceDue)}
                </Text>
              </Stack>
              <Button asChild colorPalette="brand" minH="44px">
                <RouterLink
                  to={customerPaths.service}
                  state={{ chairId: chair.id }}
                  aria-label={`Book Service for ${chair.serialNumber}`}
                >
                  <LuCalendarPlus aria-hidden /> Book Service
                </RouterLink>
              </Button>
            </Stack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function OverviewScreen() {
  const user = useCurrentUser();
  const chairs = useMyChairs();
  const tickets = useMyTickets();
  const now = new Date();

  return (
    <Stack gap="6">
      <ScreenHeading title="Overview" intro={`Welcome back, ${user.name}.`} />
      {chairs === undefined || tickets === undefined ? (
        <LoadingState label="Loading your equipment…" />
      ) : (
        <>
          <SimpleGrid as="section" aria-label="Summary" columns={{ base: 2, lg: 4 }} gap="4">
            <StatCard label="My Chairs" value={chairs.length} />
            <StatCard
              label="Confirmed Warranties"
              value={chairs.filter((c) => isWarrantyConfirmed(c.warranty)).length}
            />
            <StatCard label="Test Sheets" value={chairs.filter((c) => c.testSheet).length} />
            <StatCard
              label="Open Tickets"
              value={tickets.filter((t) => isTicketActive(t.ticket.status)).length}
            />
          </SimpleGrid>
          <ServiceDue chairs={chairs} now={now} />
          <Card.Root size="sm" as="section" aria-label="Quick actions">
            <Card.Header>
              <Card.Title as="h2">Quick Actions</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack direction={{ base: 'column', md: 'row' }} gap="3">
                <Button asChild colorPalette="brand" minH="44px">
                  <RouterLink to={customerPaths.warranty}>
                    <LuCirclePlus aria-hidden /> Register New Chair
                  </RouterLink>
                </Button>
                <Button asChild variant="outline" minH="44px">
                  <RouterLink to={customerPaths.parts}>
                    <LuPackage aria-hidden /> Order Parts
                  </RouterLink>
                </Button>
                <Button asChild variant="outline" minH="44px">
                  <RouterLink to={customerPaths.support} state={{ createTicket: true }}>
                    <LuLifeBuoy aria-hidden /> Create Support Ticket
                  </RouterLink>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <Card.Root size="sm">
              <Card.Header>
                <Card.Title as="h2">My Equipment</Card.Title>
              </Card.Header>
              <Card.Body>
                {chairs.length === 0 ? (
                  <Text color="fg.muted">No chairs registered</Text>
                ) : (
                  <Stack as="ul" gap="3" listStyleType="none" aria-label="My Equipment">
                    {chairs.map((chair) => (
                      <HStack as="li" key={chair.id} justify="space-between" gap="2" wrap="wrap">
                        <Stack gap="0">
                          <Text fontWeight="medium">{chair.serialNumber}</Text>
                          <Text fontSize="sm" color="fg.muted">
                            {chairModelName(chair)}
                          </Text>
                        </Stack>
                        <TestSheetBadge testSheet={chair.testSheet} />
                      </HStack>
                    ))}
                  </Stack>
                )}
              </Card.Body>
            </Card.Root>
            <Card.Root size="sm">
              <Card.Header>
                <Card.Title as="h2">Recent Tickets</Card.Title>
              </Card.Header>
              <Card.Body>
                {tickets.length === 0 ? (
                  <Text color="fg.muted">No tickets found</Text>
                ) : (
                  <Stack as="ul" gap="3" listStyleType="none" aria-label="Recent Tickets">
                    {tickets.slice(0, RECENT_TICKETS).map(({ ticket }) => (
                      <Stack as="li" key={ticket.id} gap="1">
                        <Text fontWeight="medium">{ticket.title}</Text>
                        <HStack gap="2" wrap="wrap">
                          <TicketStatusBadge status={ticket.status} />
                          <TicketPriorityBadge priority={ticket.priority} />
                          <Text fontSize="sm" color="fg.muted">
                            {formatDate(ticket.createdAt)}
                          </Text>
                        </HStack>
                      </Stack>
                    ))}
                  </Stack>
                )}
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
