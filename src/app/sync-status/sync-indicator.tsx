// The sync status, always in view in the top bar: online or offline, pending changes, the first
// sync's progress, the last sync time (or 'Syncing…' while a round is under way) and a count of
// changes that need attention. It opens a drawer with the details and the 'needs attention' list.
// A new device's first sync has two stages (issue 30), each with its own bar: 'Getting your work
// ready…' (what the home and the next tap need) and 'Syncing everything else…' (the rest, while
// the user works).
import {
  Badge,
  Box,
  Button,
  CloseButton,
  DataList,
  Drawer,
  HStack,
  Portal,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { LuCloud, LuCloudOff, LuRefreshCw, LuTriangleAlert } from 'react-icons/lu';
import { useNeedsAttentionActions, useSyncStatus } from '../../data/session-context';
import { progressFraction, type PullProgress, type SyncStatus } from '../../data/sync-status';
import { lastSyncText } from '../../domain/last-sync';
import { backgroundSync } from '../../../sync/background-sync';
import { NeedsAttentionList } from './needs-attention-list';
import { useRefusalToast } from './use-refusal-toast';
import { useNow } from '../../components/use-now';

/** How long a round runs before the bar says so: a quick round never flickers 'Syncing…'. */
export const SYNCING_SHOWN_AFTER_MS = 1_000;

/** The text while a round (not the first sync) has been under way for a while. */
export const SYNCING_TEXT = 'Syncing…';

/** A first sync's first stage: what the home screen and the next tap need. */
export const FIRST_STAGE_TEXT = 'Getting your work ready…';

/** A first sync's second stage: everything else, while the user works. */
export const REST_STAGE_TEXT = 'Syncing everything else…';

/**
 * Where the browser has no Background Sync (Safari, Firefox: sync/background-sync.ts), queued
 * changes leave only while the app is open: said in the words of someone who closes apps.
 */
export const SENT_WHILE_OPEN =
  'This browser sends your changes only while Chairside is open. Keep it open until they are sent.';

/** Whether queued changes can leave with the app closed (the browser's Background Sync). */
const sentWithAppClosed = () => backgroundSync() !== undefined;

/** What the first sync is doing (its first stage until the progress says otherwise). */
function stageText(progress: PullProgress | null): string {
  return progress?.stage === 'rest' ? REST_STAGE_TEXT : FIRST_STAGE_TEXT;
}

/** `on`, once it has stayed true for `delayMs`; false again as soon as it is false. */
function useLasting(on: boolean, delayMs: number): boolean {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!on) {
      setLasting(false);
      return;
    }
    const timer = setTimeout(() => setLasting(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return on && lasting;
}

function summary(status: SyncStatus, now: Date, roundUnderWay: boolean) {
  const firstSync = status.syncing && !status.firstSyncDone;
  const percent = Math.round(progressFraction(status.progress) * 100);
  return {
    firstSync,
    percent,
    connection: status.online ? 'Online' : 'Offline',
    stage: stageText(status.progress),
    when: firstSync
      ? `${stageText(status.progress)} ${percent}%`
      : roundUnderWay
        ? SYNCING_TEXT
        : lastSyncText(status.lastSyncAt, now),
    pending: `${status.pendingCount} pending`,
    attention: status.needsAttention.length,
  };
}

function SyncDetails({ status, now }: { status: SyncStatus; now: Date }) {
  const s = summary(status, now, false);
  return (
    <Stack gap="4">
      <DataList.Root orientation="horizontal" size="md">
        <DataList.Item>
          <DataList.ItemLabel>Connection</DataList.ItemLabel>
          <DataList.ItemValue>{s.connection}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Pending changes</DataList.ItemLabel>
          <DataList.ItemValue>{status.pendingCount}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Last sync</DataList.ItemLabel>
          <DataList.ItemValue>{lastSyncText(status.lastSyncAt, now)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {s.firstSync ? (
        <Stack gap="2">
          <Progress.Root value={s.percent} colorPalette="brand" aria-label="First sync progress">
            <Progress.Label mb="1">
              {s.stage} {s.percent}%
            </Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          {status.progress?.stage === 'rest' ? (
            <Text fontSize="sm" color="fg.muted">
              Your work is on this device. The rest of the data arrives while you work.
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {status.lastError ? (
        <Text fontSize="sm" color="fg.muted">
          Last problem: {status.lastError}
        </Text>
      ) : null}
      {!status.online && status.pendingCount > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Your changes are saved on this device and will be sent when you are back online.
        </Text>
      ) : null}
      {status.pendingCount > 0 && !sentWithAppClosed() ? (
        <Text fontSize="sm" color="fg.muted">
          {SENT_WHILE_OPEN}
        </Text>
      ) : null}
    </Stack>
  );
}

export function SyncIndicator() {
  const status = useSyncStatus();
  const { retry, discard } = useNeedsAttentionActions();
  const now = useNow();
  const [open, setOpen] = useState(false);
  useRefusalToast(
    status.needsAttention,
    useCallback(() => setOpen(true), []),
  );
  const roundUnderWay = useLasting(status.syncing, SYNCING_SHOWN_AFTER_MS);
  const s = summary(status, now, roundUnderWay);
  const Icon = s.firstSync || roundUnderWay ? LuRefreshCw : status.online ? LuCloud : LuCloudOff;

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      placement={{ base: 'bottom', md: 'end' }}
    >
      <Drawer.Trigger asChild>
        <Button
          variant="plain"
          color="inherit"
          bg="blackAlpha.200"
          _hover={{ bg: 'blackAlpha.300' }}
          rounded="lg"
          px="3"
          h="auto"
          minH="44px"
          w={{ base: 'full', lg: 'auto' }}
          maxW="full"
          minW="0"
          overflow="hidden"
          justifyContent="flex-start"
          fontWeight="normal"
        >
          <Stack gap="1" w="full" align="stretch">
            <HStack gap="2" fontSize="sm" whiteSpace="nowrap" minW="0">
              <Box
                boxSize="2.5"
                rounded="full"
                flexShrink={0}
                bg={status.online ? 'green.400' : 'orange.400'}
                aria-hidden
              />
              <Icon aria-hidden />
              {/* The name is the visible text with its context (axe: label-content-name-mismatch). */}
              <VisuallyHidden>{'Sync status: '}</VisuallyHidden>
              <Text as="span" fontWeight="semibold">
                {s.connection}
              </Text>
              <Text as="span" opacity={0.85} truncate minW="0">
                · {s.when}
              </Text>
              <Text as="span" opacity={0.85} flexShrink={0}>
                · {s.pending}
              </Text>
              {s.attention > 0 ? (
                <Badge colorPalette="red" variant="solid" ms="auto" gap="1">
                  <LuTriangleAlert aria-hidden />
                  {s.attention}
                  <VisuallyHidden>{' need attention'}</VisuallyHidden>
                </Badge>
              ) : null}
            </HStack>
            {s.firstSync ? (
              <Progress.Root value={s.percent} size="xs" colorPalette="gray" aria-hidden>
                <Progress.Track bg="blackAlpha.300">
                  <Progress.Range bg="currentColor" />
                </Progress.Track>
              </Progress.Root>
            ) : null}
          </Stack>
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content
            maxH={{ base: '85dvh', md: 'full' }}
            maxW={{ base: '100%', md: 'lg' }}
            roundedTop={{ base: 'xl', md: 'none' }}
          >
            <Drawer.Header>
              <Drawer.Title>Sync status</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6" pb="4">
                <SyncDetails status={status} now={now} />
                {s.attention > 0 ? (
                  <NeedsAttentionList
                    entries={status.needsAttention}
                    onRetry={retry}
                    onDiscard={discard}
                  />
                ) : (
                  <Text color="fg.muted">No changes need your attention.</Text>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label="Close sync status" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
