/** The ticket page's four tabs (SPEC §2 Ticket Detail); all stay mounted so unsaved notes survive. */
import { Card, Stack, Tabs } from '@chakra-ui/react';
import type { TicketDetail } from '../../../data/queries/tickets';
import { PartsQuoteTab } from './parts-quote-tab';
import { ResolutionTab } from './resolution-tab';
import { ServiceNotesForm } from './service-notes-form';
import { TicketOverviewTab } from './ticket-overview-tab';
import { WorkPhotos } from '../work-photos';

export type TicketTab = 'overview' | 'notes' | 'parts' | 'resolution';

interface TicketTabsProps {
  detail: TicketDetail;
  now: Date;
  tab: TicketTab;
  onTabChange: (tab: TicketTab) => void;
}

const TABS: { value: TicketTab; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'notes', label: 'Service Notes' },
  { value: 'parts', label: 'Parts & Quote' },
  { value: 'resolution', label: 'Resolution' },
];

export function TicketTabs({ detail, now, tab, onTabChange }: TicketTabsProps) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Tabs.Root
          value={tab}
          onValueChange={(event) => onTabChange(event.value as TicketTab)}
          variant="line"
          size="sm"
          colorPalette="brand"
        >
          {/* Four tabs do not fit a phone's width: two rows of two there, so none scrolls away. */}
          <Tabs.List
            overflowX="auto"
            display={{ base: 'grid', sm: 'flex' }}
            gridTemplateColumns="1fr 1fr"
          >
            {TABS.map((t) => (
              <Tabs.Trigger key={t.value} value={t.value} minH="44px" px="3" flexShrink={0}>
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" pt="5">
            <TicketOverviewTab detail={detail} />
          </Tabs.Content>
          <Tabs.Content value="notes" pt="5">
            <Stack gap="5">
              <ServiceNotesForm detail={detail} now={now} />
              <WorkPhotos work="tickets" workId={detail.ticket.id} title="Photos of the work" />
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="parts" pt="5">
            <PartsQuoteTab detail={detail} now={now} />
          </Tabs.Content>
          <Tabs.Content value="resolution" pt="5">
            <ResolutionTab ticket={detail.ticket} />
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}
