/**
 * Service Assignment (SPEC §2 Vendor routes): every service request, searchable by customer, chair
 * serial or notes, filtered by status; counters of unassigned and pending requests; an engineer
 * dropdown showing each engineer's count of scheduled requests ('Service request assigned to
 * {name}'); the customer's practice address, else their address, else 'No address'.
 */
import { Card, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { LuCalendarClock } from 'react-icons/lu';
import type { CsvExport } from '../../components/export-csv-button';
import { FilterSelect } from '../../components/filter-select';
import { ScreenHeading } from '../../components/screen-heading';
import { SearchableList } from '../../components/searchable-list';
import { StatCard } from '../../components/stat-card';
import { ServiceRequestStatusBadge } from '../../components/status-badges';
import {
  useEngineers,
  useRequestCounters,
  useScheduledCounts,
  useVendorServiceRequests,
  type VendorServiceRequest,
} from '../../data/queries/vendor';
import { useAction } from '../../data/use-action';
import { formatTime12h } from '../../domain/certification';
import type { ServiceRequestStatus, User } from '../../domain/entities';
import { isoDay } from '../../domain/csv-cells';
import { displayId, formatDate } from '../../domain/format';
import {
  SERVICE_REQUEST_STATUS_LABELS,
  chairLabel,
  customerAddress,
  customerLabel,
} from '../../domain/labels';
import { requestAssignRefusal } from '../../domain/service-requests';
import { engineerLabel, passesFilter } from '../../domain/vendor';
import { EngineerSelect } from './engineer-select';

function requestFields({ request, customer, chair }: VendorServiceRequest) {
  return [customer?.name, chair?.serialNumber, request.notes];
}

const requestKey = (item: VendorServiceRequest) => item.request.id;

/** The export, the assigned engineer named from the team. */
function requestsCsv(engineers: readonly User[]): CsvExport<VendorServiceRequest> {
  const byId = new Map(engineers.map((engineer) => [engineer.id, engineer]));
  return {
    name: 'service-assignment',
    columns: [
      { header: 'Request', value: ({ request }) => displayId(request.id) },
      { header: 'Status', value: ({ request }) => SERVICE_REQUEST_STATUS_LABELS[request.status] },
      { header: 'Customer', value: ({ customer }) => customerLabel(customer) },
      { header: 'Address', value: ({ customer }) => customerAddress(customer) },
      { header: 'Chair', value: ({ chair }) => chairLabel(chair) },
      {
        header: 'Engineer',
        value: ({ request }) =>
          request.engineerUserId ? engineerLabel(byId.get(request.engineerUserId)) : 'Unassigned',
      },
      { header: 'Preferred Date', value: ({ request }) => isoDay(request.preferredDate) },
      { header: 'Preferred Time', value: ({ request }) => request.preferredTime },
      { header: 'Scheduled Date', value: ({ request }) => isoDay(request.scheduledDate) },
      { header: 'Scheduled Time', value: ({ request }) => request.scheduledTime },
      { header: 'Requested', value: ({ request }) => isoDay(request.createdAt) },
      { header: 'Notes', value: ({ request }) => request.notes },
    ],
  };
}

function when(date: string | null, time: string | null): string {
  const parts = [formatDate(date), time ? formatTime12h(time) : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' at ') : 'Not given';
}

export function ServiceAssignmentScreen() {
  const requests = useVendorServiceRequests();
  const engineers = useEngineers();
  const counters = useRequestCounters();
  const scheduled = useScheduledCounts();
  const [status, setStatus] = useState<ServiceRequestStatus | 'ALL'>('ALL');

  const filter = useCallback(
    ({ request }: VendorServiceRequest) => passesFilter(request.status, status),
    [status],
  );
  const csv = useMemo(() => requestsCsv(engineers ?? []), [engineers]);
  const renderRequest = useCallback(
    (item: VendorServiceRequest) => (
      <RequestAssignmentCard
        item={item}
        engineers={engineers ?? []}
        countOf={(engineer) => `(${scheduled?.get(engineer.id) ?? 0} scheduled)`}
      />
    ),
    [engineers, scheduled],
  );

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Service Assignment"
        intro="Assign service requests to field engineers."
      />
      {counters === undefined ? null : (
        <SimpleGrid as="section" aria-label="Summary" columns={2} maxW="3xl" gap="4">
          <StatCard label="Unassigned Requests" value={counters.unassigned} />
          <StatCard label="Pending Requests" value={counters.pending} />
        </SimpleGrid>
      )}
      <SearchableList
        items={engineers && scheduled && requests?.rows}
        complete={requests?.complete}
        loadingLabel="Loading service requests…"
        searchLabel="Search service requests"
        searchPlaceholder="Search by customer, chair serial or notes..."
        searchFields={requestFields}
        filter={filter}
        controls={
          <FilterSelect
            label="Filter by status"
            allLabel="All statuses"
            value={status}
            options={SERVICE_REQUEST_STATUS_LABELS}
            onChange={setStatus}
          />
        }
        listLabel="Service requests"
        csv={csv}
        itemKey={requestKey}
        renderItem={renderRequest}
        empty={{
          icon: <LuCalendarClock />,
          title: 'No service requests found',
          noMatch: 'No service request matches your search or filter.',
          none: 'Service requests will appear here when customers book a visit.',
        }}
      />
    </Stack>
  );
}

function RequestAssignmentCard({
  item,
  engineers,
  countOf,
}: {
  item: VendorServiceRequest;
  engineers: readonly User[];
  countOf: (engineer: User) => string;
}) {
  const { request, customer, chair } = item;
  const { run, busy } = useAction();
  const title = `Service Request #${displayId(request.id)}`;
  // A cancelled or completed request is settled: nothing to choose (the server refuses too).
  const closed = requestAssignRefusal(request);

  const assign = (engineer: User) =>
    void run(
      'serviceRequest.assign',
      { serviceRequestId: request.id, engineerUserId: engineer.id },
      {
        success: { title: `Service request assigned to ${engineerLabel(engineer)}` },
        failure: 'Failed to assign service request',
      },
    );

  return (
    <Card.Root as="article" aria-label={title} size="sm" variant="outline">
      <Card.Body>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between">
          <Stack gap="2" minW="0">
            <Wrap gap="2" align="center">
              <Text as="h3" fontWeight="semibold" fontSize="lg">
                {title}
              </Text>
              <ServiceRequestStatusBadge status={request.status} />
            </Wrap>
            <Text fontWeight="medium">{customerLabel(customer)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {customerAddress(customer)}
            </Text>
            <Wrap columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
              <Text>Chair: {chairLabel(chair)}</Text>
              <Text>Preferred: {when(request.preferredDate, request.preferredTime)}</Text>
              {request.scheduledDate ? (
                <Text>Scheduled: {when(request.scheduledDate, request.scheduledTime)}</Text>
              ) : null}
              <Text>Requested {formatDate(request.createdAt)}</Text>
            </Wrap>
            {request.notes ? (
              <Text fontSize="sm" bg="bg.muted" p="2" rounded="md" whiteSpace="pre-wrap">
                {request.notes}
              </Text>
            ) : null}
          </Stack>
          <Stack flexShrink={0} gap="1">
            <EngineerSelect
              label={`Assign engineer to ${title}`}
              engineers={engineers}
              value={request.engineerUserId}
              onAssign={assign}
              disabled={busy || closed !== null}
              countOf={countOf}
            />
            {closed ? (
              <Text fontSize="sm" color="fg.muted">
                {closed}
              </Text>
            ) : null}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
