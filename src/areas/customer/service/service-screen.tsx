/**
 * Book Service (SPEC §2 Book a Service, §4 Service request): the booking dialog and the
 * customer's requests. A SCHEDULED request with a date shows the confirmed appointment; others
 * the preferred date and time. A pending or scheduled request can be cancelled with a reason.
 */
import { Alert, Button, Card, HStack, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendarPlus } from 'react-icons/lu';
import { useLocation } from 'react-router-dom';
import { DialogFrame } from '../../../components/dialog-frame';
import { ListEmptyState } from '../../../components/empty-state';
import { FormField } from '../../../components/form-field';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { ServiceRequestStatusBadge } from '../../../components/status-badges';
import { useMyServiceRequests, type CustomerServiceRequest } from '../../../data/queries/customer';
import { useAction } from '../../../data/use-action';
import { displayId, formatDate } from '../../../domain/format';
import { chairLabel } from '../../../domain/labels';
import { isRequestOpen } from '../../../domain/service-requests';
import { BookServiceDialog } from './book-service-dialog';

function CancelRequest({ requestId }: { requestId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { run, busy } = useAction();
  const cancel = async () => {
    const ok = await run(
      'serviceRequest.cancel',
      { serviceRequestId: requestId, reason: reason.trim() },
      { success: { title: 'Service request cancelled' } },
    );
    if (ok) setOpen(false);
  };
  return (
    <>
      <Button variant="outline" colorPalette="red" minH="44px" onClick={() => setOpen(true)}>
        Cancel Request
      </Button>
      <DialogFrame
        title="Cancel service request"
        open={open}
        onClose={() => setOpen(false)}
        size="md"
        placement="center"
        footer={
          <Stack direction="row" gap="2">
            <Button variant="outline" minH="44px" onClick={() => setOpen(false)}>
              Keep Request
            </Button>
            <Button colorPalette="red" minH="44px" loading={busy} onClick={() => void cancel()}>
              Cancel Request
            </Button>
          </Stack>
        }
      >
        <FormField label="Reason" helper="Optional">
          <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
      </DialogFrame>
    </>
  );
}

function RequestCard({ item }: { item: CustomerServiceRequest }) {
  const { request, chair, engineer } = item;
  const confirmed = request.status === 'SCHEDULED' && request.scheduledDate;
  return (
    <Card.Root
      as="article"
      aria-label={`Service Request #${displayId(request.id)}`}
      variant="outline"
    >
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md">
            Service Request #{displayId(request.id)}
          </Heading>
          <ServiceRequestStatusBadge status={request.status} />
        </HStack>
        <Text>{chairLabel(chair)}</Text>
        {confirmed ? (
          <Alert.Root status="success" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Confirmed appointment</Alert.Title>
              <Alert.Description>
                {formatDate(request.scheduledDate)} at {request.scheduledTime}
                {engineer?.name ? ` with ${engineer.name}` : ''}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Text>
            Preferred: {formatDate(request.preferredDate)} at {request.preferredTime}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          Requested {formatDate(request.createdAt)}
        </Text>
        {request.notes ? <Text fontSize="sm">{request.notes}</Text> : null}
        {request.cancellationReason ? (
          <Text fontSize="sm">Cancellation reason: {request.cancellationReason}</Text>
        ) : null}
        {isRequestOpen(request.status) ? (
          <HStack>
            <CancelRequest requestId={request.id} />
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export function ServiceScreen() {
  const location = useLocation();
  const chosen = (location.state as { chairId?: string } | null)?.chairId ?? '';
  const [open, setOpen] = useState(Boolean(chosen));
  const requests = useMyServiceRequests();

  return (
    <>
      <ScreenHeading
        title="Book Service"
        intro="Request a service visit for one of your chairs."
        actions={
          <Button colorPalette="brand" minH="44px" onClick={() => setOpen(true)}>
            <LuCalendarPlus aria-hidden /> Book Service
          </Button>
        }
      />
      <Stack as="section" aria-label="My Service Requests" gap="3">
        <Heading as="h2" size="lg">
          My Service Requests
        </Heading>
        {requests === undefined ? (
          <LoadingState label="Loading service requests…" />
        ) : requests.length === 0 ? (
          <ListEmptyState
            title="No service requests found"
            description="Service visits you book will appear here."
          />
        ) : (
          requests.map((item) => <RequestCard key={item.request.id} item={item} />)
        )}
      </Stack>
      <BookServiceDialog open={open} onClose={() => setOpen(false)} chairId={chosen} />
    </>
  );
}
