/**
 * What a screen or a part of one shows while the mirror answers (it does within a moment): a small
 * spinner and a short line, announced as a status. The one loading look of the app.
 */
import { HStack, Spinner, Text } from '@chakra-ui/react';

export function LoadingState({ label }: { label: string }) {
  return (
    <HStack justify="center" py="10" gap="3" color="fg.muted" role="status">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}
