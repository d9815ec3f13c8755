/**
 * An engineer's devices on the Field Engineers page (issue 16): for each device, its name and app
 * version, when it last synced (relative, the exact time on hover), how many changes it holds
 * queued and how many need attention, with a warning badge when it has not synced for over 24 h
 * or holds changes the server refused. Shown on the engineer's card and in View Details.
 */
import { Flex, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { LuTabletSmartphone, LuTriangleAlert } from 'react-icons/lu';
import { StatusBadge } from '../../components/status-badges';
import { deviceWarning } from '../../domain/device';
import type { DeviceHealth } from '../../domain/entities';
import { formatDateTime } from '../../domain/format';
import { lastSyncText } from '../../domain/last-sync';

export function DeviceHealthList({
  devices,
  now,
}: {
  devices: readonly DeviceHealth[];
  now: Date;
}) {
  if (devices.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No device has synced yet.
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="2" listStyleType="none">
      {devices.map((device) => (
        <DeviceRow key={device.id} device={device} now={now} />
      ))}
    </Stack>
  );
}

function DeviceRow({ device, now }: { device: DeviceHealth; now: Date }) {
  const name = device.deviceName ?? 'Unknown device';
  const warning = deviceWarning(device, now);
  return (
    <Stack
      as="li"
      aria-label={`Device ${name}`}
      gap="1"
      borderWidth="1px"
      borderRadius="md"
      borderColor={warning ? 'orange.emphasized' : 'border'}
      px="3"
      py="2"
      fontSize="sm"
    >
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2" minW="0">
          <LuTabletSmartphone aria-hidden />
          <Text fontWeight="medium" truncate>
            {name}
          </Text>
          {device.appVersion ? (
            <Text color="fg.muted" flexShrink={0}>
              v{device.appVersion}
            </Text>
          ) : null}
        </HStack>
        {warning ? (
          <StatusBadge label={warning} palette="orange" size="sm" icon={LuTriangleAlert} />
        ) : null}
      </Flex>
      <Wrap gap="4" color="fg.muted">
        <time dateTime={device.lastSyncAt} title={formatDateTime(device.lastSyncAt)}>
          {lastSyncText(device.lastSyncAt, now)}
        </time>
        <Text>Queued: {device.pendingCount}</Text>
        <Text color={device.needsAttentionCount > 0 ? 'orange.fg' : undefined}>
          Needs attention: {device.needsAttentionCount}
        </Text>
      </Wrap>
    </Stack>
  );
}
