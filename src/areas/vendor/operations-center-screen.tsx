/**
 * Operations Center, the vendor's home (SPEC §2 Vendor routes, §9): four stat cards; the first 3
 * urgent unassigned tickets; each engineer's workload with §9's badge (more than 3 active
 * destructive, more than 1 secondary); the 5 most recent tickets with the team's averages and
 * the efficiency bar; links to the ticket and engineer pages.
 */
import { Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { BarChartFigure, preloadBarChart } from '../../components/bar-chart-figure';
import { LoadingState } from '../../components/loading-state';
import { PercentBar } from '../../components/percent-bar';
import { PresenceBadge, presenceOf } from '../../components/presence-badge';
import { ScreenHeading } from '../../components/screen-heading';
import { StatCard } from '../../components/stat-card';
import {
  StatusBadge,
  TicketPriorityBadge,
  TicketStatusBadge,
} from '../../components/status-badges';
import { useEngineerWorkloads } from '../../data/queries/engineer-workloads';
import { useVendorOverview } from '../../data/queries/vendor';
import { useOnlineEngineers } from '../../data/session-context';
import { displayId, formatDate } from '../../domain/format';
import { customerLabel } from '../../domain/labels';
import { NO_RESOLVED_TICKETS, completionText } from '../../domain/metrics';
import { vendorPaths } from '../../domain/paths';
import { RESPONSE_TARGET_HOURS, vendorEfficiency, workloadBadge } from '../../domain/ratings';
import { engineerLabel, teamAverages } from '../../domain/vendor';
import { WORKLOAD_PALETTE, workloadChartRows } from '../../domain/vendor-charts';

/** The chart shows the busiest engineers; the list under it has every one. */
const CHART_ENGINEERS = 10;
/** §9's badge thresholds, drawn on the chart. */
const WORKLOAD_REFERENCES = [
  { value: 1, label: 'More than 1 active: busy' },
  { value: 3, label: 'More than 3: overloaded' },
];
const RECENT = 5;

function Section({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card.Root size="sm" as="section" aria-label={title} variant="outline">
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title as="h2">{title}</Card.Title>
          {link ? (
            <Button asChild size="sm" variant="ghost">
              <RouterLink to={link.to}>
                {link.label} <LuArrowRight aria-hidden />
              </RouterLink>
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function onlineCount(
  workloads: readonly { engineer: { id: string } }[],
  online: ReadonlySet<string>,
): number {
  return workloads.filter((w) => online.has(w.engineer.id)).length;
}

export function OperationsCenterScreen() {
  // Each change (a sync landing rows behind the screen, a live update) comes at a transition's
  // priority (useMirror, useStoreValue), drawn in short steps, so a team of fifty engineers drawn
  // again never holds the main thread (issue 30: no task over 100 ms).
  const overview = useVendorOverview(RECENT);
  const workloads = useEngineerWorkloads();
  const onlineEngineers = useOnlineEngineers();
  useEffect(() => {
    void preloadBarChart();
  }, []);
  // What is drawn from the workloads changes only with them, not with every page of tickets.
  const team = useMemo(
    () =>
      workloads && {
        workloads: [...workloads].sort((a, b) => b.activeTickets - a.activeTickets),
        workloadRows: workloadChartRows(workloads).slice(0, CHART_ENGINEERS),
        team: teamAverages(workloads),
      },
    [workloads],
  );
  const figures = useMemo(
    () => (overview && team ? { ...overview, ...team } : undefined),
    [overview, team],
  );

  return (
    <Stack gap="6">
      <ScreenHeading
        title="Operations Center"
        intro="Field operations at a glance: what needs an engineer, and who has capacity."
      />
      {figures === undefined ? (
        <LoadingState label="Loading operations…" />
      ) : (
        <OperationsFigures figures={figures} onlineEngineers={onlineEngineers} />
      )}
    </Stack>
  );
}

type Figures = NonNullable<ReturnType<typeof useVendorOverview>> & {
  workloads: NonNullable<ReturnType<typeof useEngineerWorkloads>>;
  workloadRows: ReturnType<typeof workloadChartRows>;
  team: ReturnType<typeof teamAverages>;
};

/** Everything under the heading: drawn again only when its figures change (memo). */
const OperationsFigures = memo(function OperationsFigures({
  figures,
  onlineEngineers,
}: {
  figures: Figures;
  onlineEngineers: ReturnType<typeof useOnlineEngineers>;
}) {
  return (
    <>
      <SimpleGrid as="section" aria-label="Summary" columns={{ base: 2, lg: 4 }} gap="4">
        <StatCard label="Active Tickets" value={figures.active} />
        <StatCard label="Unassigned Tickets" value={figures.unassigned} />
        <StatCard label="Field Engineers" value={figures.workloads.length} />
        <StatCard label="Pending Service Requests" value={figures.pendingServices} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Section
          title="Urgent Unassigned Tickets"
          link={{ to: vendorPaths.tickets, label: 'Assign tickets' }}
        >
          {figures.urgent.length === 0 ? (
            <Text color="fg.muted">No urgent unassigned tickets found</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {figures.urgent.map((ticket) => (
                <li key={ticket.id}>
                  <Stack gap="1">
                    <Text fontWeight="medium">{ticket.title}</Text>
                    <HStack gap="2">
                      <TicketPriorityBadge priority={ticket.priority} />
                      <Text fontSize="sm" color="fg.muted">
                        #{displayId(ticket.id)} · {formatDate(ticket.createdAt)}
                      </Text>
                    </HStack>
                  </Stack>
                </li>
              ))}
            </Stack>
          )}
        </Section>
        <Section
          title="Engineer Workload"
          link={{ to: vendorPaths.engineers, label: 'View engineers' }}
        >
          {figures.workloads.length === 0 ? (
            <Text color="fg.muted">No engineers found</Text>
          ) : (
            <Stack gap="4">
              <BarChartFigure
                title={
                  figures.workloads.length > CHART_ENGINEERS
                    ? `Active tickets of the ${CHART_ENGINEERS} busiest engineers`
                    : 'Active tickets per engineer'
                }
                valueLabel="Active tickets"
                data={figures.workloadRows}
                references={WORKLOAD_REFERENCES}
              />
              {onlineEngineers ? (
                <Text fontSize="sm" color="fg.muted" aria-live="polite">
                  {onlineCount(figures.workloads, onlineEngineers)} of {figures.workloads.length}{' '}
                  online now
                </Text>
              ) : null}
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Engineers by workload">
                {figures.workloads.map((w) => (
                  <li key={w.engineer.id}>
                    <HStack justify="space-between" gap="3">
                      <HStack gap="2" wrap="wrap" minW="0">
                        <Text fontWeight="medium">{engineerLabel(w.engineer)}</Text>
                        <PresenceBadge online={presenceOf(onlineEngineers, w.engineer.id)} />
                      </HStack>
                      <StatusBadge
                        label={`${w.activeTickets} active`}
                        palette={WORKLOAD_PALETTE[workloadBadge(w.activeTickets)]}
                      />
                    </HStack>
                  </li>
                ))}
              </Stack>
            </Stack>
          )}
        </Section>
      </SimpleGrid>
      <Section title="Recent Activity" link={{ to: vendorPaths.tickets, label: 'All tickets' }}>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
          <Stack as="ul" gap="3" listStyleType="none" gridColumn={{ lg: 'span 2' }}>
            {figures.recent.length === 0 ? (
              <Text as="li" color="fg.muted">
                No tickets found
              </Text>
            ) : (
              figures.recent.map(({ ticket, customer }) => (
                <li key={ticket.id}>
                  <HStack justify="space-between" gap="3" wrap="wrap">
                    <Stack gap="0" minW="0">
                      <Text fontWeight="medium">{ticket.title}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {customerLabel(customer)} · {formatDate(ticket.createdAt)}
                      </Text>
                    </Stack>
                    <TicketStatusBadge status={ticket.status} />
                  </HStack>
                </li>
              ))
            )}
          </Stack>
          <Stack gap="3" aria-label="Team averages" as="section">
            <Text fontWeight="semibold">Team Averages</Text>
            {figures.team.averageResolutionTime === null ? (
              <Text fontSize="sm">Average resolution: {NO_RESOLVED_TICKETS}</Text>
            ) : (
              <>
                <Text fontSize="sm">
                  Average resolution: {figures.team.averageResolutionTime}h (target{' '}
                  {RESPONSE_TARGET_HOURS}h)
                </Text>
                <PercentBar
                  label="Team efficiency"
                  value={vendorEfficiency(figures.team.averageResolutionTime)}
                />
              </>
            )}
            <Text fontSize="sm">
              Completion rate: {completionText(figures.team.completionRate)}
            </Text>
            <Text fontSize="sm">
              Customer satisfaction:{' '}
              {figures.team.customerSatisfaction === null
                ? 'No scores yet'
                : `${figures.team.customerSatisfaction}/5`}
            </Text>
          </Stack>
        </SimpleGrid>
      </Section>
    </>
  );
});
