/**
 * Service Requests (SPEC §2): requests assigned to me or to nobody, searchable by customer, chair
 * serial or notes; an unassigned request can be taken (assigned to me and SCHEDULED).
 */
import { Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { ListEmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { SearchField } from '../../components/search-field';
import { ServiceRequestStatusBadge } from '../../components/status-badges';
import {
  useEngineerServiceRequests,
  type ServiceRequestView,
} from '../../data/queries/engineer-work';
import { useAction } from '../../data/use-action';
import { formatTime12h } from '../../domain/certification';
import { displayId, formatDate } from '../../domain/format';
import { chairLabel, customerLabel } from '../../domain/labels';
import { matchesSearch } from '../../domain/search';

/** Closed requests cannot be taken (the action refuses them), so they get no button. */
const TAKEABLE = new Set(['PENDING', 'SCHEDULED']);

function matches({ request, customer, chair }: ServiceRequestView, search: string): boolean {
  return matchesSearch(search, [customer?.name, chair?.serialNumber, request.notes]);
}

function preferredLabel(date: string | null, time: string | null): string {
  const when = [formatDate(date), time ? formatTime12h(time) : ''].filter(Boolean);
  return when.length > 0 ? when.join(' at ') : 'Not given';
}

function RequestCard({ view }: { view: ServiceRequestView }) {
  const { run, busy } = useAction();
  const { request, customer, chair } = view;

  const take = () =>
    run(
      'serviceRequest.take',
      { serviceRequestId: request.id },
      {
        success: { title: 'Service request assigned to you and marked as scheduled' },
        failure: 'Failed to take service request',
      },
    );

  const title = `Service Request #${displayId(request.id)}`;
  return (
    <Card.Root as="article" aria-label={title} variant="outline">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Heading as="h3" size="md">
                {title}
              </Heading>
              <ServiceRequestStatusBadge status={request.status} />
            </Flex>
            <Text fontWeight="semibold">{customerLabel(customer)}</Text>
            <Text color="fg.muted">{chairLabel(chair)}</Text>
          </Stack>
          {request.engineerUserId || !TAKEABLE.has(request.status) ? null : (
            <Button
              colorPalette="brand"
              onClick={() => void take()}
              loading={busy}
              loadingText="Taking..."
              minH="44px"
            >
              Take Request
            </Button>
          )}
        </Flex>
        <Flex gap={{ base: '1', md: '6' }} direction={{ base: 'column', md: 'row' }} fontSize="sm">
          <Text>Preferred: {preferredLabel(request.preferredDate, request.preferredTime)}</Text>
          <Text color="fg.muted">Requested {formatDate(request.createdAt)}</Text>
        </Flex>
        {request.notes ? (
          <Text bg="bg.muted" p="3" rounded="md" fontSize="sm" whiteSpace="pre-wrap">
            {request.notes}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export function ServiceRequestsScreen() {
  const requests = useEngineerServiceRequests();
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => (requests ?? []).filter((view) => matches(view, search)),
    [requests, search],
  );

  return (
    <>
      <ScreenHeading
        title="Service Requests"
        intro="Manage your assigned service appointments and pick up new requests."
      />
      <Box mb="5">
        <SearchField
          label="Search service requests"
          placeholder="Search by customer, chair, or notes..."
          value={search}
          onChange={setSearch}
        />
      </Box>
      {requests === undefined ? (
        <LoadingState label="Loading service requests…" />
      ) : (
        <Stack gap="4">
          <Heading as="h2" size="lg">
            Service Requests ({shown.length})
          </Heading>
          {shown.length === 0 ? (
            <ListEmptyState
              title="No service requests found"
              description="No service requests match your search criteria."
            />
          ) : (
            shown.map((view) => <RequestCard key={view.request.id} view={view} />)
          )}
        </Stack>
      )}
    </>
  );
}
