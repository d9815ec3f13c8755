/** SPEC §2: an unknown ticket id shows 'Ticket Not Found' with a way back to the list. */
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LuArrowLeft, LuSearchX } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { engineerPaths } from '../../../domain/paths';

export function TicketNotFound() {
  const navigate = useNavigate();
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuSearchX />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1">Ticket Not Found</EmptyState.Title>
          <EmptyState.Description>
            The ticket you are looking for does not exist or was removed.
          </EmptyState.Description>
        </VStack>
        <Button variant="outline" onClick={() => navigate(engineerPaths.tickets)}>
          <LuArrowLeft /> Back to Tickets
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
