/** A short, centred loading line while the mirror answers (it does within a moment). */
import { HStack, Spinner, Text } from '@chakra-ui/react';

export function LoadingState({ label }: { label: string }) {
  return (
    <HStack justify="center" py="10" gap="3" color="fg.muted" role="status">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}
