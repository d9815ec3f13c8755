/**
 * SPEC §2: an unknown ticket id shows 'Ticket Not Found' with a way back to the list. A ticket this
 * engineer tried to take, refused because another engineer took it first, is not 'not found': it
 * says who has it (STYLE 14), with the same way back.
 */
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LuArrowLeft, LuSearchX, LuUserCheck } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { engineerPaths } from '../../../domain/paths';

export function TicketNotFound({ takenBy }: { takenBy?: string | null }) {
  const navigate = useNavigate();
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>{takenBy ? <LuUserCheck /> : <LuSearchX />}</EmptyState.Indicator>
        {takenBy ? (
          <VStack textAlign="center">
            <EmptyState.Title as="h1">Ticket taken by {takenBy}</EmptyState.Title>
            <EmptyState.Description>
              {takenBy} took this ticket before your change reached the server, so it is no longer
              yours to work on. Your input is kept under Needs attention in the sync status.
            </EmptyState.Description>
          </VStack>
        ) : (
          <VStack textAlign="center">
            <EmptyState.Title as="h1">Ticket Not Found</EmptyState.Title>
            <EmptyState.Description>
              The ticket you are looking for does not exist or was removed.
            </EmptyState.Description>
          </VStack>
        )}
        <Button variant="outline" onClick={() => navigate(engineerPaths.tickets)}>
          <LuArrowLeft /> Back to Tickets
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
