/**
 * My Profile, Performance tab (SPEC §9): resolution time, completion rate and the counts are
 * computed from the mirror's tickets and service requests; customer satisfaction is the stored
 * score, shown only when there is one.
 */
import { Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PercentBar } from '../../../components/percent-bar';
import { StatCard } from '../../../components/stat-card';
import { RatingBadge } from '../../../components/status-badges';
import type { ServiceRequest, SupportTicket, User } from '../../../domain/entities';
import { formatPercent } from '../../../domain/format';
import { NO_ASSIGNED_TICKETS, NO_RESOLVED_TICKETS, engineerMetrics } from '../../../domain/metrics';
import {
  completionRating,
  resolutionProgress,
  resolutionRating,
  satisfactionPercent,
  satisfactionRating,
  type CompletionRating,
  type Rating,
} from '../../../domain/ratings';

function MetricCard({
  title,
  value,
  rating,
  children,
}: {
  title: string;
  value: string;
  rating: Rating | CompletionRating | null;
  children?: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-label={title} variant="outline">
      <Card.Body gap="3">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="sm" color="fg.muted">
            {title}
          </Heading>
          {rating ? <RatingBadge rating={rating} /> : null}
        </Flex>
        <Text fontSize="3xl" fontWeight="bold">
          {value}
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

export function PerformanceTab({
  user,
  tickets,
  serviceRequests,
}: {
  user: User;
  tickets: SupportTicket[];
  serviceRequests: ServiceRequest[];
}) {
  const metrics = engineerMetrics(user.id, tickets, serviceRequests);
  const score = user.engineer?.performanceMetrics?.customerSatisfactionScore;
  const satisfaction = satisfactionRating(score);
  const hours = metrics.averageResolutionTime;
  const rate = metrics.completionRate;

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <MetricCard
          title="Average Resolution Time"
          value={hours === null ? NO_RESOLVED_TICKETS : `${hours} hours`}
          rating={hours === null ? null : resolutionRating(hours)}
        >
          {hours === null ? null : (
            <PercentBar label="Resolution speed" value={resolutionProgress(hours)} size="lg" />
          )}
        </MetricCard>
        <MetricCard
          title="Completion Rate"
          value={rate === null ? NO_ASSIGNED_TICKETS : formatPercent(rate)}
          rating={rate === null ? null : completionRating(rate)}
        >
          <Text fontSize="sm" color="fg.muted">
            Resolved tickets out of tickets assigned to you
          </Text>
        </MetricCard>
        {satisfaction !== null && score !== undefined ? (
          <MetricCard
            title="Customer Satisfaction"
            value={`${score.toFixed(1)}/5`}
            rating={satisfaction}
          >
            <Text fontSize="sm" color="fg.muted">
              {formatPercent(satisfactionPercent(score))} satisfaction
            </Text>
          </MetricCard>
        ) : null}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <StatCard label="Tickets Resolved" value={metrics.totalTicketsResolved} />
        <StatCard label="Services Completed" value={metrics.totalServiceRequestsCompleted} />
        <StatCard
          label="Total Experience"
          value={metrics.totalExperience}
          help="Tickets resolved plus services completed"
        />
      </SimpleGrid>
    </Stack>
  );
}
