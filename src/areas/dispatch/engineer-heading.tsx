/**
 * An engineer's row heading on the schedule board: name, presence ('Online now', the kit's
 * PresenceBadge), their work's count in its load colour, and their most recently synced device
 * (last sync, queued changes; device health, which only a vendor's mirror holds, so an admin's
 * board passes none; until a new device's first sync has brought it, 'not known yet', never 'no
 * device has synced'). Coverage areas and specializations show on hover and on focus (the heading
 * is a keyboard stop), and screen readers read them as its description.
 */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { memo, useId } from 'react';
import { PresenceBadge } from '../../components/presence-badge';
import type { DeviceHealth, User } from '../../domain/entities';
import { countOf } from '../../domain/format';
import { lastSyncText } from '../../domain/last-sync';
import type { LoadLevel } from '../../domain/schedule-board';
import { engineerLabel } from '../../domain/vendor';
import { WORKLOAD_PALETTE } from '../../domain/vendor-charts';

function listed(items: readonly string[] | undefined): string {
  return items && items.length > 0 ? items.join(', ') : 'None on record';
}

/** Said while a new device's first sync has not yet brought the devices' health. */
export const DEVICE_HEALTH_UNKNOWN = 'Device health not known yet';
export const NO_DEVICE_SYNCED = 'No device has synced yet';

function LatestDevice({ devices, now }: { devices: readonly DeviceHealth[] | null; now: Date }) {
  if (devices === null) return <Text color="fg.muted">{DEVICE_HEALTH_UNKNOWN}</Text>;
  const [latest] = devices;
  if (!latest) return <Text color="fg.muted">{NO_DEVICE_SYNCED}</Text>;
  return (
    <Text color="fg.muted">
      {lastSyncText(latest.lastSyncAt, now)} · Queued: {latest.pendingCount}
    </Text>
  );
}

export const EngineerHeading = memo(function EngineerHeading({
  engineer,
  online,
  count,
  level,
  devices,
  now,
}: {
  engineer: User;
  online: boolean | null;
  count: number;
  level: LoadLevel;
  /**
   * Newest first; null while device health is not known yet (a first sync's second stage brings
   * it); undefined where device health is not this user's to read.
   */
  devices: readonly DeviceHealth[] | null | undefined;
  now: Date;
}) {
  const detailsId = useId();
  const details = engineer.engineer;
  return (
    <Box
      className="group"
      position="relative"
      tabIndex={0}
      aria-describedby={detailsId}
      rounded="md"
      p="1"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
    >
      <Stack gap="1" fontSize="xs">
        <HStack gap="2" justify="space-between">
          <Text fontSize="sm" fontWeight="semibold" truncate>
            {engineerLabel(engineer)}
          </Text>
          <Badge
            size="sm"
            colorPalette={WORKLOAD_PALETTE[level]}
            aria-label={countOf(count, 'job')}
          >
            {count}
          </Badge>
        </HStack>
        {/* As wide as its words, not the column. */}
        <Box alignSelf="flex-start">
          <PresenceBadge online={online} />
        </Box>
        {devices !== undefined ? <LatestDevice devices={devices} now={now} /> : null}
      </Stack>
      <Stack
        id={detailsId}
        role="tooltip"
        display="none"
        _groupHover={{ display: 'flex' }}
        _groupFocusVisible={{ display: 'flex' }}
        position="absolute"
        zIndex="popover"
        insetStart="100%"
        top="0"
        w="64"
        gap="1"
        p="3"
        fontSize="xs"
        bg="bg.panel"
        borderWidth="1px"
        rounded="md"
        shadow="md"
      >
        <Text fontWeight="semibold">Coverage areas</Text>
        <Text>{listed(details?.coverageAreas)}</Text>
        <Text fontWeight="semibold">Specializations</Text>
        <Text>{listed(details?.specializations)}</Text>
      </Stack>
    </Box>
  );
});
