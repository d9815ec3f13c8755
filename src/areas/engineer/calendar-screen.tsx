/**
 * Service Calendar (SPEC §2): summary counts of my service requests and my scheduled visits by
 * day, with where to go, which chair, when, and the customer's notes. A visit whose day has come
 * can be marked completed.
 */
import { Badge, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCalendarDays, LuMapPin, LuWrench } from 'react-icons/lu';
import { ListEmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { StatCard } from '../../components/stat-card';
import {
  appointmentSummary,
  appointmentsByDay,
  appointmentTime,
  canMarkCompleted,
  localDateKey,
} from '../../domain/appointments';
import { formatTime12h } from '../../domain/certification';
import { displayId, formatDate } from '../../domain/format';
import { chairLabel, customerAddress, customerLabel } from '../../domain/labels';
import { useMyServiceRequests, type ServiceRequestView } from '../../data/queries/engineer-work';
import { useAction } from '../../data/use-action';

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

function dayHeading(day: string | null, today: string): string {
  if (!day) return 'Date to be confirmed';
  const date = `${weekday.format(new Date(`${day}T00:00:00Z`))}, ${formatDate(day)}`;
  if (day === today) return `Today · ${date}`;
  return day < today ? `Overdue · ${date}` : date;
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex gap="2" align="flex-start">
      <Flex color="fg.muted" pt="1" aria-hidden>
        {icon}
      </Flex>
      <Text>{children}</Text>
    </Flex>
  );
}

function AppointmentCard({ view, now }: { view: ServiceRequestView; now: Date }) {
  const { run, busy } = useAction();
  const { request, customer, chair } = view;
  const time = appointmentTime(request);
  const name = customerLabel(customer);

  const complete = () =>
    run(
      'serviceRequest.complete',
      { serviceRequestId: request.id },
      {
        success: { title: 'Service request marked as completed' },
        failure: 'Failed to update service request',
      },
    );

  return (
    <Card.Root as="article" aria-label={`${name} appointment`} variant="outline">
      <Card.Body gap="3">
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Stack gap="1" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Badge colorPalette="brand" size="lg" variant="solid">
                {time ? formatTime12h(time) : 'Time to be confirmed'}
              </Badge>
              {request.duration ? (
                <Text fontSize="sm" color="fg.muted">
                  {request.duration} min
                </Text>
              ) : null}
            </Flex>
            <Heading as="h4" size="md">
              {name}
            </Heading>
            <Text fontSize="xs" color="fg.muted">
              Service Request #{displayId(request.id)}
            </Text>
          </Stack>
          {canMarkCompleted(request, now) ? (
            <Button
              colorPalette="green"
              variant="outline"
              onClick={() => void complete()}
              loading={busy}
              loadingText="Saving..."
              minH="44px"
            >
              Mark Completed
            </Button>
          ) : null}
        </Flex>
        <Stack gap="1.5" fontSize="sm">
          <Detail icon={<LuMapPin />}>{customerAddress(customer)}</Detail>
          <Detail icon={<LuWrench />}>{chairLabel(chair)}</Detail>
        </Stack>
        {request.notes ? (
          <Text bg="bg.muted" p="3" rounded="md" fontSize="sm" whiteSpace="pre-wrap">
            {request.notes}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export function CalendarScreen() {
  const mine = useMyServiceRequests();
  const now = new Date();
  const today = localDateKey(now);
  const requests = (mine ?? []).map((view) => view.request);
  const summary = appointmentSummary(requests, now);
  const byId = new Map((mine ?? []).map((view) => [view.request.id, view]));
  const days = appointmentsByDay(requests);

  return (
    <>
      <ScreenHeading title="Service Calendar" intro="Your scheduled service visits, by day." />
      {mine === undefined ? (
        <LoadingState label="Loading appointments…" />
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <StatCard label="Today" value={summary.today} help="Visits today" />
            <StatCard label="This Week" value={summary.thisWeek} help="Next 7 days" />
            <StatCard label="Scheduled" value={summary.scheduled} help="Awaiting a visit" />
            <StatCard label="Completed" value={summary.completed} help="Visits done" />
          </SimpleGrid>
          <Stack gap="4">
            <Heading as="h2" size="lg">
              My Appointments
            </Heading>
            {days.length === 0 ? (
              <ListEmptyState
                icon={<LuCalendarDays />}
                title="No appointments scheduled"
                description="Service requests you take or are assigned will appear here once scheduled."
              />
            ) : (
              days.map((group) => (
                <Stack
                  as="section"
                  key={group.day ?? 'unscheduled'}
                  aria-label={dayHeading(group.day, today)}
                  gap="3"
                >
                  <Heading as="h3" size="sm" color="fg.muted" textTransform="uppercase">
                    {dayHeading(group.day, today)}
                  </Heading>
                  {group.appointments.map((request) => {
                    const view = byId.get(request.id);
                    return view ? <AppointmentCard key={request.id} view={view} now={now} /> : null;
                  })}
                </Stack>
              ))
            )}
          </Stack>
        </Stack>
      )}
    </>
  );
}
