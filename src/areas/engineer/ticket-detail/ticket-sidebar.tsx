/**
 * The ticket page's sidebar (SPEC §2 Ticket Detail): Quick Actions, Ticket Information, Service
 * Summary and Warranty Status. Only the assigned engineer gets the status dropdown (SPEC §4).
 */
import { Badge, Button, Card, DataList, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  TicketPriorityBadge,
  TicketStatusBadge,
  WarrantyStatusBadge,
} from '../../../components/status-badges';
import { ServiceReportButton } from '../../../components/service-report-button';
import type { TicketDetail } from '../../../data/queries/tickets';
import { useServiceReportLoader } from '../../../data/service-report';
import { countOf, displayId, formatDate } from '../../../domain/format';
import {
  chairModelName,
  customerLabel,
  ticketChairLabel,
  WORK_TYPE_LABELS,
} from '../../../domain/labels';
import { warrantyExpiry, warrantyLabel } from '../../../domain/warranty';
import { StatusControl, TakeTicketButton } from './ticket-actions';
import type { TicketTab } from './ticket-tabs';

export function SidebarCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="20">{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word" minW="0">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

interface SidebarProps {
  detail: TicketDetail;
  userId: string;
  now: Date;
  onOpenTab: (tab: TicketTab) => void;
}

export function TicketSidebar({ detail, userId, now, onOpenTab }: SidebarProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 1 }} gap="4" alignItems="start">
      <QuickActions detail={detail} userId={userId} onOpenTab={onOpenTab} />
      <TicketInformation detail={detail} />
      <ServiceSummary detail={detail} />
      <WarrantyStatus detail={detail} now={now} />
    </SimpleGrid>
  );
}

function QuickActions({ detail, userId, onOpenTab }: Omit<SidebarProps, 'now'>) {
  const { ticket, engineer } = detail;
  const active = ticket.status === 'OPEN' || ticket.status === 'IN_PROGRESS';
  const loadReport = useServiceReportLoader();
  return (
    <SidebarCard title="Quick Actions">
      <Stack gap="2">
        {!ticket.engineerUserId ? <TakeTicketButton ticketId={ticket.id} /> : null}
        {ticket.engineerUserId === userId ? (
          <StatusControl ticketId={ticket.id} status={ticket.status} />
        ) : ticket.engineerUserId ? (
          <Text fontSize="sm" color="fg.muted">
            Assigned to {engineer?.name?.trim() || 'Unknown Engineer'}
          </Text>
        ) : null}
        <Button variant="outline" onClick={() => onOpenTab('notes')}>
          Add Service Notes
        </Button>
        <Button variant="outline" onClick={() => onOpenTab('parts')}>
          Parts & Quote
        </Button>
        {active ? (
          <Button variant="outline" onClick={() => onOpenTab('resolution')}>
            Resolve Ticket
          </Button>
        ) : (
          <ServiceReportButton size="md" load={() => loadReport({ ticketId: ticket.id })} />
        )}
      </Stack>
    </SidebarCard>
  );
}

function TicketInformation({ detail }: { detail: TicketDetail }) {
  const { ticket, customer, chair, engineer } = detail;
  return (
    <SidebarCard title="Ticket Information">
      <Facts
        items={[
          ['Ticket', `#${displayId(ticket.id)}`],
          ['Status', <TicketStatusBadge key="s" status={ticket.status} />],
          ['Priority', <TicketPriorityBadge key="p" priority={ticket.priority} />],
          ['Customer', customerLabel(customer)],
          ['Chair', <ChairFact key="c" chairId={ticket.chairId} chair={chair} />],
          [
            'Engineer',
            ticket.engineerUserId ? engineer?.name?.trim() || 'Unknown Engineer' : 'Unassigned',
          ],
          ['Created', formatDate(ticket.createdAt)],
          ['Updated', formatDate(ticket.updatedAt)],
        ]}
      />
    </SidebarCard>
  );
}

/**
 * The chair as serial over model: 'serial - model' in one run wrapped onto three lines in the
 * 260 px sidebar; two short lines read at a glance (the full label stays in the title).
 */
function ChairFact({ chairId, chair }: { chairId: string | null; chair: TicketDetail['chair'] }) {
  const label = ticketChairLabel(chairId, chair);
  if (!label || !chair) return <>{label ?? 'No chair'}</>;
  return (
    <Stack gap="0" title={label} minW="0">
      <Text fontWeight="medium" whiteSpace="nowrap">
        {chair.serialNumber}
      </Text>
      <Text color="fg.muted" lineClamp={1}>
        {chairModelName(chair)}
      </Text>
    </Stack>
  );
}

function ServiceSummary({ detail }: { detail: TicketDetail }) {
  const notes = detail.ticket.serviceNotes ?? {};
  const parts = notes.partsUsed ?? [];
  const units = parts.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <SidebarCard title="Service Summary">
      <Facts
        items={[
          ['Time spent', notes.timeSpent !== undefined ? `${notes.timeSpent} min` : 'Not recorded'],
          ['Work type', notes.workType ? WORK_TYPE_LABELS[notes.workType] : 'Not recorded'],
          ['Parts used', units ? countOf(units, 'item') : 'None'],
          ['Follow-up', notes.followUpRequired ? 'Required' : 'Not required'],
          ...(notes.completedAt
            ? [['Completed', formatDate(notes.completedAt)] as [string, string]]
            : []),
        ]}
      />
    </SidebarCard>
  );
}

function WarrantyStatus({ detail, now }: { detail: TicketDetail; now: Date }) {
  const { chair } = detail;
  if (!chair) {
    return (
      <SidebarCard title="Warranty Status">
        <Text color="fg.muted">No chair is linked to this ticket.</Text>
      </SidebarCard>
    );
  }
  const warranty = chair.warranty ?? {};
  const expiry = warrantyExpiry(warranty);
  return (
    <SidebarCard title="Warranty Status">
      <Stack gap="3">
        <WarrantyStatusBadge warranty={warranty} now={now} />
        <Facts
          items={[
            [
              'Confirmation',
              <Badge key="c" variant="outline">
                {warrantyLabel(warranty)}
              </Badge>,
            ],
            ['Expires', expiry ? formatDate(expiry) : 'Not activated'],
          ]}
        />
      </Stack>
    </SidebarCard>
  );
}
