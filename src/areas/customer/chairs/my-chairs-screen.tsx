/**
 * My Chairs (SPEC §2): each chair with its warranty, test sheet and service status, and the
 * actions the domain allows: Submit Test Sheet (none yet), Service History, Schedule Service
 * (overdue), Extend +3 / +5 Years (confirmed and expired or within 90 days).
 */
import { Button, Card, DataList, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendarPlus, LuClipboardCheck, LuHistory, LuShieldPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { ServiceStatusBadge, TestSheetBadge } from '../../../components/status-badges';
import { CustomerWarrantyBadge } from '../../../components/warranty-badge';
import { useMyChairs } from '../../../data/queries/customer';
import { useAction } from '../../../data/use-action';
import {
  canSubmitTestSheet,
  needsServiceBooking,
  offersWarrantyExtension,
  warrantyExtendedMessage,
  warrantyNextStep,
} from '../../../domain/customer-chairs';
import { isProvisionalChair } from '../../../domain/chairs';
import type { Chair } from '../../../domain/entities';
import { countOf, formatDate } from '../../../domain/format';
import { chairModelName } from '../../../domain/labels';
import { customerPaths } from '../../../domain/paths';
import {
  EXTENSION_OPTIONS,
  isWarrantyConfirmed,
  warrantyDaysRemaining,
  warrantyExpiry,
  type ExtensionYears,
} from '../../../domain/warranty';
import { ServiceHistoryDialog } from './service-history-dialog';

/** A chair activated on this device that the server has not confirmed yet. */
export const PROVISIONAL_CHAIR_NOTE =
  'Activated on this device: the serial number is checked against the inventory when it is sent.';

/** Label over value on a phone, side by side from tablet width up. */
const SIDE_BY_SIDE_FROM_MD = {
  flexDirection: { base: 'column', md: 'row' },
  alignItems: { base: 'flex-start', md: 'center' },
} as const;

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item {...SIDE_BY_SIDE_FROM_MD}>
      <DataList.ItemLabel minW={{ md: '40' }}>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/**
 * The line under a confirmed warranty's badge: SPEC §4's label (Confirmed) with the days and the
 * date. The badge already says Expired, so an expired one reads 'ended', not 'Expired' again.
 */
function warrantyDetail(chair: Chair, now: Date): string {
  const days = warrantyDaysRemaining(chair.warranty ?? {}, now);
  const expiry = formatDate(warrantyExpiry(chair.warranty ?? {}));
  if (days === null) return '';
  return days > 0
    ? `Confirmed · ${countOf(days, 'day')} remaining · expires ${expiry}`
    : `Confirmed · ended ${expiry} (${days === 0 ? 'today' : `${countOf(-days, 'day')} ago`})`;
}

function ChairCard({ chair, now }: { chair: Chair; now: Date }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const { run, busy } = useAction();
  // A purchase: asked once more, so a stray tap on a phone never buys an extension.
  const [confirming, setConfirming] = useState(false);
  const [years, setYears] = useState<ExtensionYears>(3);
  const extend = async (years: ExtensionYears) => {
    const ok = await run(
      'chair.extendWarranty',
      { chairId: chair.id, years },
      { success: { title: warrantyExtendedMessage(years) } },
    );
    if (ok) setConfirming(false);
  };
  return (
    <Card.Root as="article" aria-label={chair.serialNumber} variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          {chair.serialNumber}
        </Heading>
        <Text color="fg.muted">{chairModelName(chair)}</Text>
        {isProvisionalChair(chair) ? (
          <Text fontSize="sm" color="orange.fg">
            {PROVISIONAL_CHAIR_NOTE}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        <DataList.Root gap="3">
          <Item label="Delivery date">{formatDate(chair.deliveryDate) || 'Not recorded'}</Item>
          <Item label="Warranty">
            <Stack gap="1" align="flex-start">
              <CustomerWarrantyBadge warranty={chair.warranty} now={now} />
              {isWarrantyConfirmed(chair.warranty) ? (
                <Text fontSize="sm">{warrantyDetail(chair, now)}</Text>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {warrantyNextStep(chair)}
                </Text>
              )}
            </Stack>
          </Item>
          <Item label="Test sheet">
            <TestSheetBadge testSheet={chair.testSheet} />
          </Item>
          <Item label="Next service due">
            {/* No date, no status: a chair never serviced is not 'Current'. */}
            {formatDate(chair.service?.nextServiceDue) ? (
              <HStack gap="2" wrap="wrap">
                <Text>{formatDate(chair.service?.nextServiceDue)}</Text>
                <ServiceStatusBadge nextServiceDue={chair.service?.nextServiceDue} now={now} />
              </HStack>
            ) : (
              <Text color="fg.muted">Not scheduled</Text>
            )}
          </Item>
        </DataList.Root>
      </Card.Body>
      <Card.Footer>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full" wrap="wrap">
          {canSubmitTestSheet(chair) ? (
            <Button asChild colorPalette="brand" minH="44px">
              <RouterLink to={customerPaths.testSheet(chair.id)}>
                <LuClipboardCheck aria-hidden /> Submit Test Sheet
              </RouterLink>
            </Button>
          ) : null}
          <Button variant="outline" minH="44px" onClick={() => setHistoryOpen(true)}>
            <LuHistory aria-hidden /> Service History
          </Button>
          {needsServiceBooking(chair, now) ? (
            <Button asChild colorPalette="red" minH="44px">
              <RouterLink to={customerPaths.service} state={{ chairId: chair.id }}>
                <LuCalendarPlus aria-hidden /> Schedule Service
              </RouterLink>
            </Button>
          ) : null}
          {offersWarrantyExtension(chair, now)
            ? EXTENSION_OPTIONS.map((option) => (
                <Button
                  key={option}
                  variant="outline"
                  colorPalette="orange"
                  minH="44px"
                  disabled={busy}
                  onClick={() => {
                    setYears(option);
                    setConfirming(true);
                  }}
                >
                  <LuShieldPlus aria-hidden /> Extend +{option} Years
                </Button>
              ))
            : null}
        </Stack>
      </Card.Footer>
      <ServiceHistoryDialog
        chair={chair}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
      />
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void extend(years)}
        title={`Extend warranty by ${years} years?`}
        message={`The warranty of ${chair.serialNumber} will run ${years} more years.`}
        confirmLabel="Extend Warranty"
        busy={busy}
      />
    </Card.Root>
  );
}

export function MyChairsScreen() {
  const chairs = useMyChairs();
  const now = new Date();
  return (
    <>
      <ScreenHeading title="My Chairs" intro="Warranty, test sheet and service for each chair." />
      {chairs === undefined ? (
        <LoadingState label="Loading your chairs…" />
      ) : chairs.length === 0 ? (
        <ListEmptyState
          title="No chairs registered"
          description="Activate the warranty of a new chair to register it."
        />
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
          {chairs.map((chair) => (
            <ChairCard key={chair.id} chair={chair} now={now} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
