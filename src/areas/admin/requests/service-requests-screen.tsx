/**
 * Service Requests (SPEC §2 Admin routes): every service request, read-only, searchable by
 * customer, engineer, chair serial or notes.
 */
import { Card, Stack, Text, Wrap } from '@chakra-ui/react';
import { LuCalendarClock } from 'react-icons/lu';
import type { CsvExport } from '../../../components/export-csv-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchableList } from '../../../components/searchable-list';
import { ServiceRequestStatusBadge } from '../../../components/status-badges';
import { useAdminServiceRequests, type AdminServiceRequest } from '../../../data/queries/admin';
import { formatTime12h } from '../../../domain/certification';
import { isoDay } from '../../../domain/csv-cells';
import { displayId, formatDate } from '../../../domain/format';
import { SERVICE_REQUEST_STATUS_LABELS, chairLabel, customerLabel } from '../../../domain/labels';
import { engineerLabel } from '../../../domain/vendor';

function requestFields({ request, customer, engineer, chair }: AdminServiceRequest) {
  return [customer?.name, engineer?.name, chair?.serialNumber, request.notes];
}

const requestKey = (item: AdminServiceRequest) => item.request.id;

const requestsCsv: CsvExport<AdminServiceRequest> = {
  name: 'service-requests',
  columns: [
    { header: 'Request', value: ({ request }) => displayId(request.id) },
    { header: 'Status', value: ({ request }) => SERVICE_REQUEST_STATUS_LABELS[request.status] },
    { header: 'Customer', value: ({ customer }) => customerLabel(customer) },
    { header: 'Chair', value: ({ chair }) => chairLabel(chair) },
    {
      header: 'Engineer',
      value: ({ request, engineer }) =>
        request.engineerUserId ? engineerLabel(engineer) : 'Unassigned',
    },
    { header: 'Preferred Date', value: ({ request }) => isoDay(request.preferredDate) },
    { header: 'Preferred Time', value: ({ request }) => request.preferredTime },
    { header: 'Scheduled Date', value: ({ request }) => isoDay(request.scheduledDate) },
    { header: 'Scheduled Time', value: ({ request }) => request.scheduledTime },
    { header: 'Requested', value: ({ request }) => isoDay(request.createdAt) },
    { header: 'Notes', value: ({ request }) => request.notes },
    { header: 'Cancellation Reason', value: ({ request }) => request.cancellationReason },
  ],
};

const when = (date: string | null, time: string | null) =>
  [formatDate(date), time ? formatTime12h(time) : ''].filter(Boolean).join(' at ') || 'Not given';

export function ServiceRequestsScreen() {
  const requests = useAdminServiceRequests();
  return (
    <Stack gap="5">
      <ScreenHeading title="Service Requests" intro="Every service request, read-only." />
      <SearchableList
        items={requests?.rows}
        complete={requests?.complete}
        loadingLabel="Loading service requests…"
        searchLabel="Search service requests"
        searchPlaceholder="Search by customer, engineer, chair or notes..."
        searchFields={requestFields}
        listLabel="Service requests"
        csv={requestsCsv}
        itemKey={requestKey}
        renderItem={renderRequest}
        empty={{
          icon: <LuCalendarClock />,
          title: 'No service requests found',
          noMatch: 'No service request matches your search.',
          none: 'Service requests will appear here when customers book a visit.',
        }}
      />
    </Stack>
  );
}

function renderRequest({ request, customer, engineer, chair }: AdminServiceRequest) {
  const title = `Service Request #${displayId(request.id)}`;
  return (
    <Card.Root as="article" aria-label={title} size="sm" variant="outline">
      <Card.Body gap="2">
        <Wrap gap="2" align="center">
          <Text as="h3" fontWeight="semibold" fontSize="lg">
            {title}
          </Text>
          <ServiceRequestStatusBadge status={request.status} />
        </Wrap>
        <Wrap columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
          <Text>Customer: {customerLabel(customer)}</Text>
          <Text>Chair: {chairLabel(chair)}</Text>
          <Text>Engineer: {request.engineerUserId ? engineerLabel(engineer) : 'Unassigned'}</Text>
          <Text>Preferred: {when(request.preferredDate, request.preferredTime)}</Text>
          {request.scheduledDate ? (
            <Text>Scheduled: {when(request.scheduledDate, request.scheduledTime)}</Text>
          ) : null}
          <Text>Requested {formatDate(request.createdAt)}</Text>
        </Wrap>
        {request.notes ? <Text fontSize="sm">{request.notes}</Text> : null}
        {request.cancellationReason ? (
          <Text fontSize="sm" color="fg.muted">
            Cancelled: {request.cancellationReason}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
