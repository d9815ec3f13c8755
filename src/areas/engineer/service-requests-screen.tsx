/**
 * Service Requests (SPEC §2): requests assigned to me or to nobody, searchable by customer, chair
 * serial or notes; an unassigned request can be taken (assigned to me and SCHEDULED).
 */
import {
  Button,
  Card,
  Flex,
  Heading,
  Input,
  InputGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { toaster } from '../../app/toaster';
import { ListEmptyState } from '../../components/empty-state';
import { ScreenHeading } from '../../components/screen-heading';
import { ServiceRequestStatusBadge } from '../../components/service-request-status-badge';
import { formatTime12h } from '../../domain/certification';
import { displayId, formatDate } from '../../domain/format';
import { chairLabel, customerLabel } from '../../domain/labels';
import {
  actionErrorMessage,
  useEngineerServiceRequests,
  type ServiceRequestView,
} from '../../data/queries/engineer-work';
import { usePerform } from '../../data/session-context';

/** Closed requests cannot be taken (the action refuses them), so they get no button. */
const TAKEABLE = new Set(['PENDING', 'SCHEDULED']);

function matches({ request, customer, chair }: ServiceRequestView, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [customer?.name, chair?.serialNumber, request.notes].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}

function preferredLabel(date: string | null, time: string | null): string {
  const when = [formatDate(date), time ? formatTime12h(time) : ''].filter(Boolean);
  return when.length > 0 ? when.join(' at ') : 'Not given';
}

function RequestCard({ view }: { view: ServiceRequestView }) {
  const perform = usePerform();
  const [taking, setTaking] = useState(false);
  const { request, customer, chair } = view;

  const take = async () => {
    setTaking(true);
    try {
      await perform('serviceRequest.take', { serviceRequestId: request.id });
      toaster.create({
        type: 'success',
        title: 'Service request assigned to you and marked as scheduled',
      });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: actionErrorMessage(error, 'Failed to take service request'),
      });
    } finally {
      setTaking(false);
    }
  };

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
              onClick={take}
              loading={taking}
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
      <InputGroup startElement={<LuSearch />} mb="5" maxW={{ md: 'lg' }}>
        <Input
          type="search"
          aria-label="Search service requests"
          placeholder="Search by customer, chair, or notes..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="lg"
          bg="bg"
        />
      </InputGroup>
      {requests === undefined ? (
        <Spinner aria-label="Loading service requests" />
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
