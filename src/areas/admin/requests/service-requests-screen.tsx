/**
 * Service Requests (SPEC §2 Admin routes): every service request, read-only, searchable by
 * customer, engineer, chair serial or notes.
 */
import { Card, Stack, Text, Wrap } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { LuCalendarClock } from 'react-icons/lu';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchField } from '../../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { ServiceRequestStatusBadge } from '../../../components/status-badges';
import { useAdminServiceRequests, type AdminServiceRequest } from '../../../data/queries/admin';
import { formatTime12h } from '../../../domain/certification';
import { displayId, formatDate } from '../../../domain/format';
import { chairLabel, customerLabel } from '../../../domain/labels';
import { matchesSearch } from '../../../domain/search';
import { engineerLabel } from '../../../domain/vendor';

function matches({ request, customer, engineer, chair }: AdminServiceRequest, search: string) {
  return matchesSearch(search, [
    customer?.name,
    engineer?.name,
    chair?.serialNumber,
    request.notes,
  ]);
}

const when = (date: string | null, time: string | null) =>
  [formatDate(date), time ? formatTime12h(time) : ''].filter(Boolean).join(' at ') || 'Not given';

export function ServiceRequestsScreen() {
  const requests = useAdminServiceRequests();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const filtered = useMemo(
    () => (requests ?? []).filter((r) => matches(r, deferred)),
    [requests, deferred],
  );
  const page = useShowMore(filtered);
  return (
    <Stack gap="5">
      <ScreenHeading title="Service Requests" intro="Every service request, read-only." />
      <SearchField
        label="Search service requests"
        value={search}
        onChange={setSearch}
        placeholder="Search by customer, engineer, chair or notes..."
      />
      {requests === undefined ? (
        <LoadingState label="Loading service requests…" />
      ) : filtered.length === 0 ? (
        <ListEmptyState
          icon={<LuCalendarClock />}
          title="No service requests found"
          description="No service request matches your search."
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Service requests">
          {page.shown.map(({ request, customer, engineer, chair }) => {
            const title = `Service Request #${displayId(request.id)}`;
            return (
              <li key={request.id}>
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
                      <Text>
                        Engineer: {request.engineerUserId ? engineerLabel(engineer) : 'Unassigned'}
                      </Text>
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
              </li>
            );
          })}
        </Stack>
      )}
      <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
    </Stack>
  );
}
