// The full-screen wait while the stored session is restored (SPEC §2: 'Signing in...').
import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

export function SigningIn() {
  return (
    <Center minH="100dvh" p="4">
      <Stack align="center" gap="4" role="status" aria-live="polite">
        <Spinner size="xl" color="brand.solid" borderWidth="4px" />
        <Text fontSize="lg" color="fg.muted">
          Signing in...
        </Text>
      </Stack>
    </Center>
  );
}
