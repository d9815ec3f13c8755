/**
 * Admin Overview (SPEC §2): cards Total Users, Total Chairs, Confirmed Warranties and Open
 * Tickets; quick actions Add New User, Add Chair to Inventory and Manage Parts Catalog; the 3 most
 * recent tickets; the 3 newest pending part requests, each labelled by the last 8 characters of
 * its id with its item count.
 */
import { Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuArmchair, LuPackage, LuUserPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { StatCard } from '../../components/stat-card';
import {
  PartRequestStatusBadge,
  TicketPriorityBadge,
  TicketStatusBadge,
} from '../../components/status-badges';
import { useAdminOverview } from '../../data/queries/admin-overview';
import { partRequestItemCount } from '../../domain/admin-part-requests';
import { countOf, displayId, formatDate } from '../../domain/format';
import { adminPaths } from '../../domain/paths';

export function OverviewScreen() {
  const overview = useAdminOverview();
  return (
    <Stack gap="6">
      <ScreenHeading title="Overview" intro="The whole system at a glance." />
      {overview === undefined ? (
        <LoadingState label="Loading overview…" />
      ) : (
        <>
          <SimpleGrid as="section" aria-label="Summary" columns={{ base: 2, lg: 4 }} gap="4">
            <StatCard label="Total Users" value={overview.totalUsers} />
            <StatCard label="Total Chairs" value={overview.totalChairs} />
            <StatCard label="Confirmed Warranties" value={overview.confirmedWarranties} />
            <StatCard label="Open Tickets" value={overview.openTickets} />
          </SimpleGrid>
          <Card.Root size="sm" as="section" aria-label="Quick actions">
            <Card.Header>
              <Card.Title as="h2">Quick Actions</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack direction={{ base: 'column', md: 'row' }} gap="3">
                <Button asChild colorPalette="brand">
                  <RouterLink to={adminPaths.users} state={{ addUser: true }}>
                    <LuUserPlus aria-hidden /> Add New User
                  </RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to={adminPaths.chairs} state={{ addChair: true }}>
                    <LuArmchair aria-hidden /> Add Chair to Inventory
                  </RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to={adminPaths.parts}>
                    <LuPackage aria-hidden /> Manage Parts Catalog
                  </RouterLink>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <Card.Root size="sm" as="section" aria-label="Recent tickets">
              <Card.Header>
                <Card.Title as="h2">Recent Tickets</Card.Title>
              </Card.Header>
              <Card.Body>
                {overview.recentTickets.length === 0 ? (
                  <Text color="fg.muted">No tickets found</Text>
                ) : (
                  <Stack as="ul" gap="3" listStyleType="none">
                    {overview.recentTickets.map((ticket) => (
                      <li key={ticket.id}>
                        <Stack gap="1">
                          <Text fontWeight="medium">{ticket.title}</Text>
                          <HStack gap="2" wrap="wrap">
                            <TicketStatusBadge status={ticket.status} />
                            <TicketPriorityBadge priority={ticket.priority} />
                            <Text fontSize="sm" color="fg.muted">
                              {formatDate(ticket.createdAt)}
                            </Text>
                          </HStack>
                        </Stack>
                      </li>
                    ))}
                  </Stack>
                )}
              </Card.Body>
            </Card.Root>
            <Card.Root size="sm" as="section" aria-label="Pending part requests">
              <Card.Header>
                <Card.Title as="h2">Pending Part Requests</Card.Title>
              </Card.Header>
              <Card.Body>
                {overview.pendingRequests.length === 0 ? (
                  <Text color="fg.muted">No pending part requests found</Text>
                ) : (
                  <Stack as="ul" gap="3" listStyleType="none">
                    {overview.pendingRequests.map((request) => (
                      <li key={request.id}>
                        <HStack justify="space-between" gap="2">
                          <Stack gap="0">
                            <Text fontWeight="medium">Request #{displayId(request.id)}</Text>
                            <Text fontSize="sm" color="fg.muted">
                              {countOf(partRequestItemCount(request.items), 'item')} ·{' '}
                              {formatDate(request.createdAt)}
                            </Text>
                          </Stack>
                          <PartRequestStatusBadge status={request.status} />
                        </HStack>
                      </li>
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
