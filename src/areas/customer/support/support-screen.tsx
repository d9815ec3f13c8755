/**
 * Support Center (SPEC §2): the Create Ticket dialog, contact cards for customer and technical
 * support with the hours, and the customer's own tickets with status, priority, assigned engineer,
 * dates and resolution.
 */
import {
  Button,
  Card,
  DataList,
  HStack,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuCirclePlus, LuHeadset, LuWrench } from 'react-icons/lu';
import { useLocation } from 'react-router-dom';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { TicketPriorityBadge, TicketStatusBadge } from '../../../components/status-badges';
import { useMyTickets, type CustomerTicket } from '../../../data/queries/customer';
import { formatDate } from '../../../domain/format';
import { ticketChairLabel } from '../../../domain/labels';
import { CreateTicketDialog } from './create-ticket-dialog';

export const SUPPORT_HOURS = 'Mon-Fri 8AM-6PM EST';
export const EMERGENCY_SUPPORT = '24/7 emergency technical support';

function ContactCard({
  title,
  icon,
  phone,
  email,
  lines,
}: {
  title: string;
  icon: React.ReactNode;
  phone: string;
  email: string;
  lines: string[];
}) {
  return (
    <Card.Root as="section" aria-label={title} variant="outline">
      <Card.Body gap="1">
        <HStack gap="2">
          {icon}
          <Heading as="h2" size="md">
            {title}
          </Heading>
        </HStack>
        <Link href={`tel:${phone.replace(/\s/g, '')}`} minH="44px" colorPalette="brand">
          {phone}
        </Link>
        <Link href={`mailto:${email}`} minH="44px" colorPalette="brand">
          {email}
        </Link>
        {lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * One fact of a ticket: a narrow label column on a phone (Chakra's 120 px took half the card and
 * broke phone numbers), the value taking the rest and wrapping inside it.
 */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item gap={{ base: '3', md: '4' }} alignItems="flex-start">
      <DataList.ItemLabel minW={{ base: '20', md: '120px' }} flexShrink={0}>
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue flex="1" minW="0" overflowWrap="anywhere">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function TicketCard({ item }: { item: CustomerTicket }) {
  const { ticket, chair, engineer } = item;
  const chairText = ticketChairLabel(ticket.chairId, chair);
  return (
    <Card.Root as="article" aria-label={ticket.title} variant="outline">
      <Card.Body gap="3">
        <Heading as="h3" size="md">
          {ticket.title}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </HStack>
        {ticket.description ? <Text>{ticket.description}</Text> : null}
        <DataList.Root orientation="horizontal" size="sm">
          {chairText ? <Fact label="Chair">{chairText}</Fact> : null}
          <Fact label="Engineer">
            {!ticket.engineerUserId ? (
              'Unassigned'
            ) : engineer ? (
              // A column: the value cell lays its children in a row, which ran name and phone
              // together ('James Carter07700 900123').
              <Stack gap="0" align="flex-start">
                <Text as="span">{engineer.name || 'Unknown Engineer'}</Text>
                {engineer.phone ? (
                  <Link
                    href={`tel:${engineer.phone.replace(/\s/g, '')}`}
                    colorPalette="brand"
                    whiteSpace="nowrap"
                    minH="44px"
                    display="inline-flex"
                    alignItems="center"
                  >
                    {engineer.phone}
                  </Link>
                ) : null}
              </Stack>
            ) : (
              'Unknown Engineer'
            )}
          </Fact>
          <Fact label="Created">{formatDate(ticket.createdAt)}</Fact>
          <Fact label="Updated">{formatDate(ticket.updatedAt)}</Fact>
          {ticket.resolution ? <Fact label="Resolution">{ticket.resolution}</Fact> : null}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

export function SupportScreen() {
  const location = useLocation();
  const startOpen = (location.state as { createTicket?: boolean } | null)?.createTicket === true;
  const [open, setOpen] = useState(startOpen);
  const tickets = useMyTickets();

  return (
    <>
      <ScreenHeading
        title="Support Center"
        intro="Raise a ticket or contact our support team."
        actions={
          <Button colorPalette="brand" minH="44px" onClick={() => setOpen(true)}>
            <LuCirclePlus aria-hidden /> Create Ticket
          </Button>
        }
      />
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <ContactCard
            title="Customer Support"
            icon={<LuHeadset aria-hidden />}
            phone="+44 20 7946 0000"
            email="support@chairside.app"
            lines={[SUPPORT_HOURS]}
          />
          <ContactCard
            title="Technical Support"
            icon={<LuWrench aria-hidden />}
            phone="+44 20 7946 0001"
            email="tech@chairside.app"
            lines={[SUPPORT_HOURS, EMERGENCY_SUPPORT]}
          />
        </SimpleGrid>
        <Stack as="section" aria-label="My Tickets" gap="3">
          <Heading as="h2" size="lg">
            My Tickets{tickets ? ` (${tickets.length})` : ''}
          </Heading>
          {tickets === undefined ? (
            <LoadingState label="Loading tickets…" />
          ) : tickets.length === 0 ? (
            <ListEmptyState
              title="No tickets found"
              description="Tickets you create will appear here."
            />
          ) : (
            tickets.map((item) => <TicketCard key={item.ticket.id} item={item} />)
          )}
        </Stack>
      </Stack>
      <CreateTicketDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
