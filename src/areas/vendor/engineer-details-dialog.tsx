/**
 * View Details of one engineer (SPEC §2 Field Engineers): tabs Overview, Skills & Certs,
 * Availability and Performance, read-only. Ratings follow §9. The Overview ends with the
 * engineer's devices' sync health (issue 16).
 */
import { DataList, Grid, Heading, Stack, Tabs, Text, Wrap } from '@chakra-ui/react';
import { DialogFrame } from '../../components/dialog-frame';
import { LoadingValue } from '../../components/loading-state';
import { PercentBar } from '../../components/percent-bar';
import { CertificationBadges, RatingBadge, StatusBadge } from '../../components/status-badges';
import { dayName, formatTime12h } from '../../domain/certification';
import type { DeviceHealth } from '../../domain/entities';
import { countOf, formatDate } from '../../domain/format';
import { NO_ASSIGNED_TICKETS, NO_RESOLVED_TICKETS, completionText } from '../../domain/metrics';
import {
  completionRating,
  resolutionProgress,
  resolutionRating,
  satisfactionRating,
} from '../../domain/ratings';
import { engineerLabel, type PendingWorkload } from '../../domain/vendor';
import { DeviceHealthList } from './device-health';

function Facts({ items }: { items: [string, string | number | null | undefined][] }) {
  return (
    <DataList.Root orientation="horizontal">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
          <DataList.ItemValue>
            {value === null || value === undefined || value === '' ? 'Not provided' : value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

const list = (items: string[] | undefined) => (items?.length ? items.join(', ') : null);

export function EngineerDetailsDialog({
  workload,
  devices,
  onClose,
  now,
}: {
  workload: PendingWorkload | null;
  devices: readonly DeviceHealth[];
  onClose: () => void;
  now: Date;
}) {
  const engineer = workload?.engineer;
  const details = engineer?.engineer;
  const score = details?.performanceMetrics?.customerSatisfactionScore;
  const satisfaction = satisfactionRating(score);
  return (
    <DialogFrame
      title={engineer ? engineerLabel(engineer) : 'Engineer'}
      open={workload !== null}
      onClose={onClose}
      size="lg"
    >
      {workload && engineer ? (
        <Tabs.Root defaultValue="overview" variant="enclosed" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="skills">Skills & Certs</Tabs.Trigger>
            <Tabs.Trigger value="availability">Availability</Tabs.Trigger>
            <Tabs.Trigger value="performance">Performance</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overview">
            <Stack gap="5">
              <Facts
                items={[
                  ['Email', engineer.email],
                  ['Phone', engineer.phone],
                  ['Emergency phone', details?.emergencyPhone],
                  ['Location', details?.location],
                  ['Coverage areas', list(details?.coverageAreas)],
                  ['Specializations', list(details?.specializations)],
                ]}
              />
              <Stack gap="2" as="section" aria-label="Devices">
                <Heading as="h3" size="sm">
                  Devices
                </Heading>
                <DeviceHealthList devices={devices} now={now} />
              </Stack>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="skills">
            <Stack gap="4">
              {/* The skills and the specializations the card shows: both are what an engineer can do. */}
              {(
                [
                  ['Technical skills', details?.skillSets],
                  ['Specializations', details?.specializations],
                ] as const
              ).map(([label, values]) => (
                <Text key={label}>
                  <Text as="span" fontWeight="semibold">
                    {label}:{' '}
                  </Text>
                  {list(values) ?? 'None recorded'}
                </Text>
              ))}
              {details?.certifications?.length ? (
                <Stack as="ul" gap="3" listStyleType="none">
                  {details.certifications.map((c) => (
                    <li key={`${c.name}-${c.dateObtained}`}>
                      <Wrap gap="2" align="center">
                        <Text fontWeight="medium">{c.name}</Text>
                        <CertificationBadges certification={c} now={now} />
                      </Wrap>
                      <Text fontSize="sm" color="fg.muted">
                        {c.issuer} · obtained {formatDate(c.dateObtained)}
                        {c.expiryDate ? ` · expires ${formatDate(c.expiryDate)}` : ''}
                        {c.certificateNumber ? ` · #${c.certificateNumber}` : ''}
                      </Text>
                    </li>
                  ))}
                </Stack>
              ) : (
                <Text color="fg.muted">No certifications recorded.</Text>
              )}
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="availability">
            {details?.availability?.length ? (
              <Stack as="ul" gap="2" listStyleType="none">
                {[...details.availability]
                  .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
                  .map((slot) => (
                    <Grid
                      as="li"
                      key={slot.dayOfWeek}
                      templateColumns="8rem 1fr auto"
                      alignItems="center"
                      gap="3"
                    >
                      <Text fontWeight="medium">{dayName(slot.dayOfWeek)}</Text>
                      <Text color="fg.muted">
                        {slot.isAvailable
                          ? `${formatTime12h(slot.startTime)} - ${formatTime12h(slot.endTime)}`
                          : ''}
                      </Text>
                      <StatusBadge
                        label={slot.isAvailable ? 'Available' : 'Not Available'}
                        palette={slot.isAvailable ? 'green' : 'gray'}
                      />
                    </Grid>
                  ))}
              </Stack>
            ) : (
              <Text color="fg.muted">No schedule recorded.</Text>
            )}
          </Tabs.Content>
          <Tabs.Content value="performance">
            <Stack gap="4">
              {workload.averageResolutionTime === undefined ? (
                <Wrap gap="2" align="center">
                  <Text>Average resolution:</Text>
                  <LoadingValue />
                </Wrap>
              ) : (
                <ResolutionFigure hours={workload.averageResolutionTime} />
              )}
              {workload.completionRate === null ? (
                <Text>Completion rate: {NO_ASSIGNED_TICKETS}</Text>
              ) : (
                <Wrap gap="2" align="center">
                  <Text>Completion rate: {completionText(workload.completionRate)}</Text>
                  <RatingBadge rating={completionRating(workload.completionRate)} />
                </Wrap>
              )}
              {satisfaction && score !== undefined ? (
                <Wrap gap="2" align="center">
                  <Text>Customer satisfaction: {score}/5</Text>
                  <RatingBadge rating={satisfaction} />
                </Wrap>
              ) : null}
              <Text>
                Total experience: {workload.totalExperience} (
                {countOf(workload.totalTicketsResolved, 'ticket')} resolved,{' '}
                {countOf(workload.totalServiceRequestsCompleted, 'service')} completed)
              </Text>
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
    </DialogFrame>
  );
}

/** The average resolution hours with their §9 rating and progress bar, or why there are none. */
function ResolutionFigure({ hours }: { hours: number | null }) {
  if (hours === null) return <Text>Average resolution: {NO_RESOLVED_TICKETS}</Text>;
  return (
    <Stack gap="2">
      <Wrap gap="2" align="center">
        <Text>Average resolution: {hours} hours</Text>
        <RatingBadge rating={resolutionRating(hours)} />
      </Wrap>
      <PercentBar label="Resolution speed" value={resolutionProgress(hours)} />
    </Stack>
  );
}
