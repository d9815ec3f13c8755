/**
 * What a screen or a part of one shows while the mirror answers (it does within a moment): a small
 * spinner and a short line, announced as a status and marked busy (the browser checks wait for it
 * to go). The one loading look of the app; LoadingValue is its look for a single figure read after
 * its neighbours.
 */
import { HStack, Spinner, Text } from '@chakra-ui/react';

export function LoadingState({ label }: { label: string }) {
  return (
    <HStack justify="center" py="10" gap="3" color="fg.muted" role="status" aria-busy="true">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

/**
 * One figure still being read while the rest of its card is shown: a small spinner and
 * 'Loading…' in the figure's place (never a stand-in number such as 0), marked busy.
 */
export function LoadingValue() {
  return (
    <HStack as="span" gap="1.5" color="fg.muted" fontWeight="normal" aria-busy="true">
      <Spinner size="xs" aria-hidden />
      <Text as="span">Loading…</Text>
    </HStack>
  );
}
