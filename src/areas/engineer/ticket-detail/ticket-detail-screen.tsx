/**
 * Ticket Detail (SPEC §2 Engineer routes, §4 Ticket): the ticket's header, four tabs (Overview,
 * Service Notes, Parts & Quote, Resolution) and a sidebar (Quick Actions, Ticket Information,
 * Service Summary, Warranty Status). Reads the mirror live; every write works offline.
 */
import { Button, Grid, GridItem, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '../../../components/loading-state';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../components/status-badges';
import {
  useRefusedTakeReason,
  useTicketDetail,
  type TicketDetail,
} from '../../../data/queries/tickets';
import { useCurrentUser } from '../../../data/session-context';
import { displayId, formatDate } from '../../../domain/format';
import { customerLabel } from '../../../domain/labels';
import { engineerPaths } from '../../../domain/paths';
import { takenByFromMessage } from '../../../domain/tickets';
import { TicketNotFound } from './ticket-not-found';
import { TicketSidebar } from './ticket-sidebar';
import { TicketTabs, type TicketTab } from './ticket-tabs';
import { useMinuteClock } from './use-minute-clock';

export function TicketDetailScreen() {
  const { id = '' } = useParams();
  const detail = useTicketDetail(id);
  const takenBy = takenByFromMessage(useRefusedTakeReason(id) ?? undefined);
  if (detail === undefined) return <LoadingState label="Loading ticket…" />;
  if (detail === null) return <TicketNotFound takenBy={takenBy} />;
  // One page per ticket: moving to another ticket starts its forms and tabs afresh (STYLE 13).
  return <TicketPage key={detail.ticket.id} detail={detail} />;
}

function TicketPage({ detail }: { detail: TicketDetail }) {
  const user = useCurrentUser();
  const now = useMinuteClock();
  const navigate = useNavigate();
  const [tab, setTab] = useState<TicketTab>('overview');
  const { ticket } = detail;

  return (
    <Stack gap="5">
      <Stack gap="3">
        <HStack>
          <Button variant="ghost" size="sm" onClick={() => navigate(engineerPaths.tickets)}>
            <LuArrowLeft /> Back to Tickets
          </Button>
        </HStack>
        <Wrap gap="2" align="center">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
          <Text color="fg.muted" fontSize="sm">
            #{displayId(ticket.id)}
          </Text>
        </Wrap>
        <Heading as="h1" size="2xl">
          {ticket.title}
        </Heading>
        <Text color="fg.muted">
          {customerLabel(detail.customer)} · Opened {formatDate(ticket.createdAt)}
        </Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 260px' }} gap="5">
        <GridItem minW="0">
          <TicketTabs detail={detail} now={now} tab={tab} onTabChange={setTab} />
        </GridItem>
        <GridItem>
          <TicketSidebar detail={detail} userId={user.id} now={now} onOpenTab={setTab} />
        </GridItem>
      </Grid>
    </Stack>
  );
}
